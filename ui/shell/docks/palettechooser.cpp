#include "palettechooser.h"

#include "editorsession.h"
#include "mugencharacter.h"

#include <QActionGroup>
#include <QFileInfo>
#include <QMenu>
#include <QSignalBlocker>

namespace hitsmith {

PaletteChooser::PaletteChooser(EditorSession *session, QWidget *parent)
    : QComboBox(parent)
    , mSession(session)
    , mMenu(new QMenu(tr("&Palette"))) {
    mMenu->setObjectName(QStringLiteral("paletteMenu"));
    setObjectName(QStringLiteral("paletteChooser"));
    // "pal12: kfm12.act" fits; longer .act names are cut rather than widening the toolbar.
    setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    setMinimumContentsLength(14);
    setToolTip(tr("Palette the MUGEN sprites are drawn with (a view setting: not saved, not "
                  "undoable)"));
    connect(this, &QComboBox::activated, this,
            [this](int index) { mSession->setPalette(itemData(index).toInt()); });
    connect(session, &EditorSession::picturesChanged, this, &PaletteChooser::refresh);
    connect(session, &EditorSession::currentFrameChanged, this, &PaletteChooser::refresh);
    connect(session->document(), &Document::changed, this, [this](const DocumentChange &change) {
        using Kind = DocumentChange::Kind;
        if (change.kind != Kind::ShapeChanged && change.kind != Kind::ShapeInserted &&
            change.kind != Kind::ShapeRemoved && change.kind != Kind::FrameChanged)
            refresh();
    });
    refresh();
}

PaletteChooser::~PaletteChooser() {
    delete mMenu; // not a child: the View menu shows it, the chooser keeps it
}

void PaletteChooser::refresh() {
    // The current sprite's character, else the document's first: a .def import has one.
    const DocumentData &data = mSession->document()->data();
    const FrameRef frame = mSession->currentFrame();
    std::shared_ptr<const art::MugenCharacter> character;
    if (mSession->document()->contains(frame))
        character =
            mSession->pictures()->character(data.sprites[frame.sprite], mSession->documentDir());
    for (qsizetype i = 0; !character && i < data.sprites.size(); ++i)
        character = mSession->pictures()->character(data.sprites[i], mSession->documentDir());

    QList<QPair<QString, int>> items;
    if (character) {
        for (const int number : character->paletteNumbers()) {
            const QString act = character->def().palettes[number - 1];
            items.append({act.isEmpty()
                              ? tr("pal%1").arg(number)
                              : tr("pal%1: %2")
                                    .arg(number)
                                    .arg(QFileInfo(QString(act).replace(u'\\', u'/')).fileName()),
                          number});
        }
        items.append({tr("Sprites' own palettes (.sff)"), 0});
    }
    {
        const QSignalBlocker blocker(this);
        bool same = count() == items.size();
        for (int i = 0; same && i < count(); ++i)
            same = itemText(i) == items[i].first && itemData(i).toInt() == items[i].second;
        if (!same) {
            clear();
            for (const auto &[text, number] : std::as_const(items))
                addItem(text, number);
            refreshMenu();
        }
        // A number the character lacks draws with the own palettes (FramePictures): show that.
        int index = findData(mSession->palette());
        if (index < 0)
            index = findData(0);
        setCurrentIndex(index);
        const QList<QAction *> actions = mMenu->actions();
        for (int i = 0; i < actions.size(); ++i)
            actions[i]->setChecked(i == index);
    }
    mMenu->setEnabled(character != nullptr);
    const bool useful = character != nullptr;
    if (useful != mUseful) {
        mUseful = useful;
        Q_EMIT usefulChanged(useful);
    }
}

void PaletteChooser::refreshMenu() {
    qDeleteAll(mMenu->findChildren<QActionGroup *>(Qt::FindDirectChildrenOnly));
    mMenu->clear();
    auto *group = new QActionGroup(mMenu);
    for (int i = 0; i < count(); ++i) {
        QAction *action = mMenu->addAction(itemText(i));
        action->setCheckable(true);
        action->setActionGroup(group);
        const int number = itemData(i).toInt();
        action->setObjectName(QStringLiteral("paletteAction%1").arg(number));
        connect(action, &QAction::triggered, this,
                [this, number] { mSession->setPalette(number); });
    }
}

} // namespace hitsmith
