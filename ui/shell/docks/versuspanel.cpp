#include "versuspanel.h"

#include "editorsession.h"
#include "structurecommands.h"
#include "versusservice.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QTableWidget>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>

#include <cmath>

namespace hitsmith {

namespace {

QString frameName(const DocumentData &data, FrameRef frame) {
    return data.sprites[frame.sprite].name + u'/' +
           data.sprites[frame.sprite].frames[frame.frame].name;
}

QString number(double value) {
    return QLocale().toString(value, 'f', 2);
}

QTableWidget *makeTable(const QString &objectName, const QStringList &headers, QWidget *parent) {
    auto *table = new QTableWidget(0, int(headers.size()), parent);
    table->setObjectName(objectName);
    table->setHorizontalHeaderLabels(headers);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->verticalHeader()->hide();
    // Rows as tall as the text needs, so a narrow dock still shows several of them.
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 6);
    // Never sideways: the columns share the width, a cut cell is elided and has a tooltip.
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    table->setTextElideMode(Qt::ElideRight);
    table->setWordWrap(false);
    return table;
}

QTableWidgetItem *cell(const QString &text) {
    auto *item = new QTableWidgetItem(text);
    item->setToolTip(text); // the whole text when the column elides it
    return item;
}

} // namespace

VersusPanel::VersusPanel(EditorSession *session, QWidget *parent)
    : QWidget(parent)
    , mSession(session)
    , mService(new VersusService(session->document(), this))
    , mAttacker(new QLabel(this))
    , mPrevious(new QToolButton(this))
    , mNext(new QToolButton(this))
    , mDefender(new QComboBox(this))
    , mDx(new QDoubleSpinBox(this))
    , mDy(new QDoubleSpinBox(this))
    , mSameFacing(new QCheckBox(tr("Same facing (do not mirror)"), this))
    , mLayers(new QLineEdit(this))
    , mLayersNote(new QLabel(this))
    , mHits(makeTable(QStringLiteral("versusHitsTable"),
                      {tr("Attacker"), tr("Defender"), tr("Depth"), tr("Normal")}, this))
    , mRange(makeTable(QStringLiteral("versusRangeTable"), {tr("Attacker frame"), tr("Hits at dx")},
                       this)) {
    mAttacker->setObjectName(QStringLiteral("versusAttackerLabel"));
    mPrevious->setObjectName(QStringLiteral("versusPreviousFrame"));
    mPrevious->setArrowType(Qt::LeftArrow);
    mPrevious->setToolTip(tr("Previous attacker frame"));
    mNext->setObjectName(QStringLiteral("versusNextFrame"));
    mNext->setArrowType(Qt::RightArrow);
    mNext->setToolTip(tr("Next attacker frame"));
    mDefender->setObjectName(QStringLiteral("versusDefenderCombo"));
    mDefender->setToolTip(tr("The frame that stands against the one on the canvas"));
    for (QDoubleSpinBox *box : {mDx, mDy}) {
        box->setRange(-1e6, 1e6);
        box->setDecimals(2);
        box->setKeyboardTracking(false); // one undo step per typed value, not per keystroke
        box->setSuffix(tr(" px"));
    }
    mDx->setObjectName(QStringLiteral("versusDx"));
    mDx->setToolTip(tr("Where the defender's origin stands, right of the attacker's"));
    mDy->setObjectName(QStringLiteral("versusDy"));
    mDy->setToolTip(tr("Where the defender's origin stands, below the attacker's"));
    mSameFacing->setObjectName(QStringLiteral("versusSameFacing"));
    mLayers->setObjectName(QStringLiteral("versusLayers"));
    mLayers->setClearButtonEnabled(true);
    mLayers->setToolTip(tr("Which attacker layer is tested against which defender layer, such "
                           "as \"hitbox:hurtbox, throw:body\". Empty: the attack layer (the "
                           "Timeline's, such as hitbox) against the layers the collide matrix "
                           "pairs with it, one way: the defender never hits the attacker."));
    mLayersNote->setObjectName(QStringLiteral("versusLayersNote"));
    mLayersNote->setWordWrap(true);
    mLayersNote->hide();

    auto *attackerRow = new QHBoxLayout;
    attackerRow->addWidget(mPrevious);
    attackerRow->addWidget(mAttacker, 1);
    attackerRow->addWidget(mNext);
    auto *form = new QFormLayout;
    form->addRow(tr("Attacker:"), attackerRow);
    form->addRow(tr("Defender:"), mDefender);
    form->addRow(tr("dx:"), mDx);
    form->addRow(tr("dy:"), mDy);
    form->addRow(QString(), mSameFacing);
    form->addRow(tr("Layer pairs:"), mLayers);
    form->addRow(QString(), mLayersNote);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(form);
    layout->addWidget(
        new QLabel(tr("Hits (moving the defender by depth × normal separates them):"), this));
    layout->addWidget(mHits, 1);
    layout->addWidget(new QLabel(tr("Reach against this defender, every attacker frame:"), this));
    layout->addWidget(mRange, 1);

    connect(mPrevious, &QToolButton::clicked, this, [this] { stepAttacker(-1); });
    connect(mNext, &QToolButton::clicked, this, [this] { stepAttacker(+1); });
    connect(mDefender, &QComboBox::activated, this, &VersusPanel::commit);
    connect(mDx, &QDoubleSpinBox::valueChanged, this, &VersusPanel::commit);
    connect(mDy, &QDoubleSpinBox::valueChanged, this, &VersusPanel::commit);
    connect(mSameFacing, &QCheckBox::toggled, this, &VersusPanel::commit);
    connect(mLayers, &QLineEdit::editingFinished, this, &VersusPanel::commitLayers);
    connect(session, &EditorSession::currentFrameChanged, this, &VersusPanel::refresh);
    connect(session->document(), &Document::changed, this, &VersusPanel::onDocumentChanged);
    connect(mService, &VersusService::hitsChanged, this, &VersusPanel::refreshHits);
    refresh();
}

VersusPanel::~VersusPanel() = default;

QString VersusPanel::attackerName() const {
    const FrameRef frame = mSession->currentFrame();
    return mSession->document()->contains(frame) ? frameName(mSession->document()->data(), frame)
                                                 : QString();
}

int VersusPanel::setupIndex() const {
    const QString attacker = attackerName();
    const QList<VersusSetup> &setups = mSession->document()->data().versus;
    for (int i = 0; i < setups.size(); ++i)
        if (setups[i].attacker == attacker)
            return i;
    return -1;
}

void VersusPanel::onDocumentChanged(const DocumentChange &change) {
    using Kind = DocumentChange::Kind;
    switch (change.kind) {
    case Kind::ShapeChanged:
    case Kind::ShapeInserted:
    case Kind::ShapeRemoved:
    case Kind::CollisionRulesChanged:
        refreshRange(); // the service updates the hits itself
        refreshLayersNote();
        return;
    case Kind::LayersChanged:
        refreshLayersNote(); // a named layer may exist now
        return;
    default:
        refresh(); // names, frames or the saved setups changed
    }
}

void VersusPanel::refillDefenders() {
    const DocumentData &data = mSession->document()->data();
    QStringList names{tr("(none)")};
    for (const Sprite &sprite : data.sprites)
        for (const Frame &frame : sprite.frames)
            names << sprite.name + u'/' + frame.name;
    QStringList current;
    for (int i = 0; i < mDefender->count(); ++i)
        current << mDefender->itemText(i);
    if (current != names) {
        mDefender->clear();
        mDefender->addItems(names);
    }
}

void VersusPanel::refresh() {
    mRefreshing = true;
    const Document *document = mSession->document();
    const FrameRef attacker = mSession->currentFrame();
    const bool hasAttacker = document->contains(attacker);
    mAttacker->setText(hasAttacker ? attackerName() : tr("(no frame)"));
    mPrevious->setEnabled(hasAttacker && attacker.frame > 0);
    mNext->setEnabled(hasAttacker &&
                      attacker.frame + 1 < document->sprite(attacker.sprite).frames.size());
    refillDefenders();

    const int index = setupIndex();
    VersusSetup setup;
    if (index >= 0)
        setup = document->data().versus[index];
    else if (mHeld && hasAttacker)
        setup = *mHeld; // playing: the frame borrows the setup playback started with
    const auto [ds, df] = document->data().findFrame(setup.defender);
    const FrameRef defender = ds >= 0 ? FrameRef{ds, df} : FrameRef{};
    mDefender->setCurrentIndex(ds >= 0 ? std::max(0, mDefender->findText(setup.defender)) : 0);
    mDx->setValue(setup.dx);
    mDy->setValue(setup.dy);
    mSameFacing->setChecked(setup.facing == Facing::Same);
    // A list not yet applied (being typed, or refused) stays for the user to finish while the
    // same attacker frame is shown; another frame shows its own setup's pairs.
    const QString attackerText = hasAttacker ? attackerName() : QString();
    if (!mLayers->isModified() || attackerText != mLayersAttacker) {
        mLayers->setText(setup.layers ? formatVersusLayers(*setup.layers) : QString());
        mLayers->setModified(false);
        showLayersNote(setup.layers);
    }
    mLayersAttacker = attackerText;
    for (QWidget *w : std::initializer_list<QWidget *>{mDefender, mDx, mDy, mSameFacing})
        w->setEnabled(hasAttacker);
    // Pairs belong to a setup: there is none until a defender is chosen.
    mLayers->setEnabled(hasAttacker && ds >= 0);
    mRefreshing = false;

    if (mService->layers() != setup.layers)
        mService->setLayers(setup.layers);
    mService->setPlacement(
        {hasAttacker ? attacker : FrameRef{}, defender, setup.dx, setup.dy, setup.facing});
    refreshHits();
    refreshRange();
}

void VersusPanel::refreshHits() {
    const Document *document = mSession->document();
    const QList<VersusHit> hits = mService->isActive() ? mService->hits() : QList<VersusHit>{};
    mHits->setRowCount(int(hits.size()));
    const VersusPlacement placement = mService->placement();
    for (int row = 0; row < hits.size(); ++row) {
        const VersusHit &hit = hits[row];
        mHits->setItem(row, 0,
                       cell(document->frame(placement.attacker).shapes[hit.attackerShape].id));
        mHits->setItem(row, 1,
                       cell(document->frame(placement.defender).shapes[hit.defenderShape].id));
        mHits->setItem(row, 2, cell(number(hit.depth)));
        mHits->setItem(
            row, 3,
            cell(QStringLiteral("(%1, %2)").arg(number(hit.normal.x()), number(hit.normal.y()))));
    }
}

void VersusPanel::refreshRange() {
    const Document *document = mSession->document();
    // The default's pairs follow the layers and the collide matrix.
    const QList<LayerPair> defaults = VersusLayerFilter(document->data(), std::nullopt).pairs();
    mLayers->setPlaceholderText(defaults.isEmpty()
                                    ? tr("no layer pairs collide")
                                    : tr("default: %1").arg(formatVersusLayers(defaults)));
    const VersusPlacement placement = mService->placement();
    if (!document->contains(placement.attacker) || !document->contains(placement.defender)) {
        mRange->setRowCount(0);
        return;
    }
    const QList<Frame> &frames = document->sprite(placement.attacker.sprite).frames;
    const VersusLayerFilter filter(document->data(), mService->layers());
    mRange->setRowCount(int(frames.size()));
    for (int f = 0; f < frames.size(); ++f) {
        mRange->setItem(f, 0, cell(frames[f].name));
        if (!filter.hasAttack(frames[f])) {
            // Nothing to reach with: not "never", which would read as a miss.
            QTableWidgetItem *item = cell(tr("no attack"));
            item->setToolTip(tr("No shape on the attacker layers tested (%1)")
                                 .arg(formatVersusLayers(filter.pairs())));
            mRange->setItem(f, 1, item);
            if (f == placement.attacker.frame)
                mRange->selectRow(f);
            continue;
        }
        QStringList intervals;
        for (const DxInterval &i :
             versusRange(document->data(), {placement.attacker.sprite, f}, placement.defender,
                         placement.dy, placement.facing, mService->layers()))
            intervals << tr("%1 to %2").arg(number(i.lo), number(i.hi));
        mRange->setItem(f, 1, cell(intervals.isEmpty() ? tr("never") : intervals.join(u"; ")));
        if (f == placement.attacker.frame)
            mRange->selectRow(f);
    }
}

void VersusPanel::stepAttacker(int delta) {
    const FrameRef frame = mSession->currentFrame();
    if (!mSession->document()->contains(frame))
        return;
    const FrameRef next{frame.sprite, frame.frame + delta};
    if (mSession->document()->contains(next))
        mSession->setCurrentFrame(next);
}

void VersusPanel::setPlaying(bool playing) {
    const int index = setupIndex();
    if (playing && index >= 0)
        mHeld = mSession->document()->data().versus[index];
    else if (!playing)
        mHeld.reset();
    refresh();
}

void VersusPanel::placeDefender(double dx, double dy) {
    // To the boxes' precision, so that what is saved is what they show.
    const double scale = std::pow(10.0, mDx->decimals());
    if (mDefender->currentIndex() > 0)
        commitSetup(std::round(dx * scale) / scale, std::round(dy * scale) / scale);
}

void VersusPanel::commit() {
    commitSetup(mDx->value(), mDy->value());
}

void VersusPanel::commitLayers() {
    const int index = setupIndex();
    if (mRefreshing || !mLayers->isModified() || index < 0)
        return;
    std::optional<QList<LayerPair>> layers;
    if (const QString text = mLayers->text().trimmed(); !text.isEmpty()) {
        QString error;
        layers = parseVersusLayers(text, &error);
        if (!layers) {
            // Refused where it was typed; the text stays to be fixed, nothing changes.
            mLayersNote->setText(error);
            mLayersNote->setStyleSheet(QStringLiteral("color: #c0392b;"));
            mLayersNote->show();
            return;
        }
    }
    mLayers->setModified(false);
    Document *document = mSession->document();
    QList<VersusSetup> setups = document->data().versus;
    if (setups[index].layers == layers) {
        refresh(); // back to the saved text and note
        return;
    }
    setups[index].layers = layers;
    document->undoStack()->push(new SetVersusCommand(
        document, setups,
        tr("Test %1 in versus %2")
            .arg(layers ? formatVersusLayers(*layers) : tr("the default layer pairs"),
                 setups[index].attacker)));
}

void VersusPanel::refreshLayersNote() {
    if (mLayers->isModified())
        return; // a refused list's message stays
    const int index = setupIndex();
    showLayersNote(index >= 0 ? mSession->document()->data().versus[index].layers
                   : mHeld    ? mHeld->layers
                              : std::nullopt);
}

void VersusPanel::showLayersNote(const std::optional<QList<LayerPair>> &layers) {
    QStringList unknown;
    if (layers) {
        const QStringList known = mSession->document()->layerNames();
        for (const LayerPair &pair : *layers)
            for (const QString &name : {pair.first, pair.second})
                if (!known.contains(name) && !unknown.contains(name))
                    unknown << name;
    }
    // Allowed (the layer may come later), but most often a typing slip.
    mLayersNote->setText(unknown.isEmpty() ? QString()
                                           : tr("No layer named %1 in this document.")
                                                 .arg(QLocale().createSeparatedList(unknown)));
    mLayersNote->setStyleSheet(QString());
    mLayersNote->setVisible(!unknown.isEmpty());
}

void VersusPanel::commitSetup(double dx, double dy) {
    if (mRefreshing || !mSession->document()->contains(mSession->currentFrame()))
        return;
    Document *document = mSession->document();
    QList<VersusSetup> setups = document->data().versus;
    const int index = setupIndex();
    VersusSetup setup = index >= 0 ? setups[index] : VersusSetup{};
    setup.attacker = attackerName();
    setup.defender = mDefender->currentIndex() > 0 ? mDefender->currentText() : QString();
    setup.dx = dx;
    setup.dy = dy;
    setup.facing = mSameFacing->isChecked() ? Facing::Same : Facing::Opposite;
    if (index >= 0 && setups[index] == setup)
        return;
    QString text;
    if (setup.defender.isEmpty()) {
        // No defender: the setup goes (nothing to share).
        if (index < 0)
            return;
        setups.removeAt(index);
        text = tr("Remove versus %1").arg(setup.attacker);
    } else {
        if (index >= 0)
            setups[index] = setup;
        else
            setups.append(setup);
        text = tr("Place %1 against %2 at (%3, %4)")
                   .arg(setup.defender, setup.attacker, number(setup.dx), number(setup.dy));
    }
    document->undoStack()->push(new SetVersusCommand(document, setups, text));
}

} // namespace hitsmith
