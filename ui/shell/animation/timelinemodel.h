#pragma once

#include "document.h"
#include "framethumbnail.h"
#include "operations/timing.h"

#include <QAbstractListModel>
#include <QHash>
#include <QList>

#include <QPixmap>

#include <optional>

namespace hitsmith {

class EditorSession;

/// The frames of the session's current sprite as a list: the frame's name (display), its
/// thumbnail (decoration: the frame's picture with its shapes in their layer colours) and its
/// duration in ms (edit role; setting it pushes one ChangeFrameCommand). Thumbnails are cached and
/// drawn again only for the frames a change touched.
class TimelineModel : public QAbstractListModel {
    Q_OBJECT

public:
    enum Role {
        DurationRole = Qt::UserRole + 1, ///< int: the ms the frame shows (own or the default)
        HasOwnDurationRole,              ///< bool: false when the sprite's default applies
        CurrentRole,                     ///< bool: the frame on the canvas
        PhaseRole,                       ///< int: a Phase for the attack layer
        /// QString: a MUGEN element's time as the strip shows it ("4 ticks", "forever"); empty
        /// for a frame whose length is its duration in ms.
        TicksTextRole,
        /// int: the ticks the frame lasts at the document's tick rate (-1: a MUGEN element that
        /// never ends); the phase band under the thumbnail is cut into this many segments.
        TicksRole,
    };

    /// Where a frame stands in the move for the attack layer.
    enum class Phase { Startup, Active, Recovery };

    /// Thumbnails fit this square (device-independent pixels).
    static constexpr int kThumbnailSize = FrameThumbnailPainter::kSize;

    explicit TimelineModel(EditorSession *session, QObject *parent = nullptr);
    ~TimelineModel() override;

    /// The sprite shown, or -1.
    int sprite() const { return mSprite; }
    /// How many thumbnails have been drawn since the model was made (for tests of the cache).
    int thumbnailsDrawn() const { return mThumbnailsDrawn; }

    /// The layer whose shapes make a frame active (frame data); empty for none.
    QString attackLayer() const { return mAttackLayer; }
    void setAttackLayer(const QString &layer);
    /// Startup / active / recovery of the sprite for the attack layer.
    const operations::FrameData &frameData() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role) override;
    /// Clears a frame's own duration so the sprite's default applies (one undo step).
    void useSpriteDefault(int row);
    Qt::ItemFlags flags(const QModelIndex &index) const override;

Q_SIGNALS:
    /// The frame data may have changed (shapes, durations, the sprite or the attack layer).
    void frameDataChanged();

private:
    void onDocumentChanged(const DocumentChange &change);
    void onFrameChanged(FrameRef frame);
    void resetSprite();
    void invalidate(int frame);
    void frameDataMayHaveChanged();
    QPixmap thumbnail(int frame) const;
    void invalidateAll();

    EditorSession *mSession;
    int mSprite = -1;
    int mCurrent = -1;
    mutable QList<QPixmap> mThumbnails; // null: to be drawn
    mutable FrameThumbnailPainter mPainter;
    mutable int mThumbnailsDrawn = 0;
    QString mAttackLayer;
    mutable std::optional<operations::FrameData> mFrameData; // nullopt: to be computed
};

} // namespace hitsmith
