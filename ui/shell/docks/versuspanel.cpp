#include "versuspanel.h"

#include "editorsession.h"
#include "structurecommands.h"
#include "versusopponents.h"
#include "versusservice.h"
#include "versussweep.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileInfo>
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

QString intervalsText(const QList<DxInterval> &intervals) {
    QStringList texts;
    for (const DxInterval &i : intervals)
        texts << VersusPanel::tr("%1 to %2").arg(number(i.lo), number(i.hi));
    return texts.join(u"; ");
}

} // namespace

VersusPanel::VersusPanel(EditorSession *session, Prompts *prompts, QWidget *parent)
    : QWidget(parent)
    , mSession(session)
    , mPrompts(prompts)
    , mOpponents(std::make_unique<VersusOpponents>())
    , mService(new VersusService(session->document(), this))
    , mAttacker(new QLabel(this))
    , mPrevious(new QToolButton(this))
    , mNext(new QToolButton(this))
    , mSource(new QComboBox(this))
    , mReload(new QToolButton(this))
    , mOpponentNote(new QLabel(this))
    , mDefender(new QComboBox(this))
    , mDx(new QDoubleSpinBox(this))
    , mDy(new QDoubleSpinBox(this))
    , mSameFacing(new QCheckBox(tr("Same facing (do not mirror)"), this))
    , mLayers(new QLineEdit(this))
    , mLayersNote(new QLabel(this))
    , mHits(makeTable(QStringLiteral("versusHitsTable"),
                      {tr("Attacker"), tr("Defender"), tr("Depth"), tr("Normal")}, this))
    , mRange(makeTable(QStringLiteral("versusRangeTable"),
                       {tr("Attacker frame"), tr("Hits at dx"), tr("Passes through")}, this))
    , mTunnelWarning(new QLabel(this)) {
    mAttacker->setObjectName(QStringLiteral("versusAttackerLabel"));
    mPrevious->setObjectName(QStringLiteral("versusPreviousFrame"));
    mPrevious->setArrowType(Qt::LeftArrow);
    mPrevious->setToolTip(tr("Previous attacker frame"));
    mNext->setObjectName(QStringLiteral("versusNextFrame"));
    mNext->setArrowType(Qt::RightArrow);
    mNext->setToolTip(tr("Next attacker frame"));
    mSource->setObjectName(QStringLiteral("versusSourceCombo"));
    mSource->setToolTip(tr("The document the defender comes from: this one, or another "
                           "character's (any file Hitsmith opens, read only; never saved)"));
    mReload->setObjectName(QStringLiteral("versusReloadOpponent"));
    mReload->setText(tr("Reload"));
    mReload->setToolTip(tr("Read the opponent's file again (after it changed on disk)"));
    mOpponentNote->setObjectName(QStringLiteral("versusOpponentNote"));
    mOpponentNote->setWordWrap(true);
    mOpponentNote->setStyleSheet(QStringLiteral("color: #c0392b;"));
    mOpponentNote->hide();
    mRange->horizontalHeaderItem(2)->setToolTip(
        tr("The dx at which the swing from the frame before to this one passes through the "
           "defender although neither frame connects: a game that tests frame by frame misses "
           "the hit there"));
    mTunnelWarning->setObjectName(QStringLiteral("versusTunnelWarning"));
    mTunnelWarning->setWordWrap(true);
    mTunnelWarning->setStyleSheet(QStringLiteral("color: #b9770e;"));
    mTunnelWarning->hide();
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
    auto *sourceRow = new QHBoxLayout;
    sourceRow->addWidget(mSource, 1);
    sourceRow->addWidget(mReload);
    auto *form = new QFormLayout;
    form->addRow(tr("Attacker:"), attackerRow);
    form->addRow(tr("Defender from:"), sourceRow);
    form->addRow(QString(), mOpponentNote);
    form->addRow(tr("Defender:"), mDefender);
    form->addRow(tr("dx:"), mDx);
    form->addRow(tr("dy:"), mDy);
    form->addRow(QString(), mSameFacing);
    form->addRow(tr("Layer pairs:"), mLayers);
    form->addRow(QString(), mLayersNote);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(form);
    // Short captions, the whole sentence in their tooltips: the dock's width is the side
    // column's, which must leave room for the Timeline on an 800 px screen.
    auto *hitsCaption = new QLabel(tr("Hits (depth × normal separates them):"), this);
    hitsCaption->setToolTip(tr("Moving the defender by depth × normal separates the two shapes"));
    auto *reachCaption = new QLabel(tr("Reach, every attacker frame:"), this);
    reachCaption->setToolTip(tr("The dx at which each frame of the attacker's sprite connects "
                                "with this defender"));
    layout->addWidget(hitsCaption);
    layout->addWidget(mHits, 1);
    layout->addWidget(reachCaption);
    layout->addWidget(mRange, 1);
    layout->addWidget(mTunnelWarning);

    connect(mPrevious, &QToolButton::clicked, this, [this] { stepAttacker(-1); });
    connect(mNext, &QToolButton::clicked, this, [this] { stepAttacker(+1); });
    connect(mSource, &QComboBox::activated, this, &VersusPanel::onSourceActivated);
    connect(mReload, &QToolButton::clicked, this, &VersusPanel::reloadOpponent);
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
    case Kind::Reset:
        // Another document: its opponents are read afresh from its own setups.
        mOpponents->clear();
        refresh();
        Q_EMIT defenderPictureChanged();
        return;
    default:
        refresh(); // names, frames or the saved setups changed
    }
}

void VersusPanel::refillDefenders(const DocumentData *data) {
    // Without a readable document, only the setup's name (shown as the combo's entry).
    QStringList names{tr("(none)")};
    if (data) {
        for (const Sprite &sprite : data->sprites)
            for (const Frame &frame : sprite.frames)
                names << sprite.name + u'/' + frame.name;
    } else if (const QString name = shownSetup().defender; !name.isEmpty()) {
        names << name;
    }
    QStringList current;
    for (int i = 0; i < mDefender->count(); ++i)
        current << mDefender->itemText(i);
    if (current != names) {
        mDefender->clear();
        mDefender->addItems(names);
    }
}

VersusSetup VersusPanel::shownSetup() const {
    const int index = setupIndex();
    if (index >= 0)
        return mSession->document()->data().versus[index];
    if (mHeld && mSession->document()->contains(mSession->currentFrame()))
        return *mHeld; // playing: the frame borrows the setup playback started with
    return {};
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

    const VersusSetup setup = shownSetup();
    const QString source = setup.defenderDocument;
    refillSources(source);
    std::shared_ptr<const DocumentData> opponent;
    QString note;
    const QString fileName = QFileInfo(source).fileName();
    if (!source.isEmpty()) {
        const VersusOpponents::Entry &entry = mOpponents->get(source);
        opponent = entry.data;
        if (!entry.isOk())
            note = tr("The opponent %1 cannot be read: %2\nThe setup is kept: press Reload once "
                      "the file is back, or choose another.")
                       .arg(QDir::toNativeSeparators(source), entry.error);
    }
    const bool readable = source.isEmpty() || opponent;
    const DocumentData &defenderData = opponent ? *opponent : document->data();
    refillDefenders(readable ? &defenderData : nullptr);
    const auto [ds, df] = readable ? defenderData.findFrame(setup.defender) : std::pair(-1, -1);
    if (opponent && ds < 0 && !setup.defender.isEmpty())
        note = tr("%1 has no frame \"%2\"; choose another defender.").arg(fileName, setup.defender);
    const FrameRef defender = ds >= 0 ? FrameRef{ds, df} : FrameRef{};
    mDefender->setCurrentIndex(std::max(0, mDefender->findText(setup.defender)));
    mOpponentNote->setText(note);
    mOpponentNote->setVisible(!note.isEmpty());
    mReload->setEnabled(!source.isEmpty());
    mDx->setValue(setup.dx);
    mDy->setValue(setup.dy);
    mSameFacing->setChecked(setup.facing == Facing::Same);
    // A list not yet applied (being typed, or refused) stays for the user to finish while the
    // same attacker frame is shown; another frame shows its own setup's pairs.
    const QString attackerText = hasAttacker ? attackerName() : QString();
    if (!mLayers->isModified() || attackerText != mLayersAttacker) {
        mLayers->setText(setup.layers ? formatVersusLayers(*setup.layers) : QString());
        mLayers->setModified(false);
    }
    mLayersAttacker = attackerText;
    for (QWidget *w : std::initializer_list<QWidget *>{mSource, mDefender, mDx, mDy, mSameFacing})
        w->setEnabled(hasAttacker);
    // Pairs belong to a setup: there is none until a defender is chosen.
    mLayers->setEnabled(hasAttacker && !setup.defender.isEmpty());
    mRefreshing = false;

    if (mService->layers() != setup.layers)
        mService->setLayers(setup.layers);
    mService->setPlacement(
        {hasAttacker ? attacker : FrameRef{}, defender, setup.dx, setup.dy, setup.facing}, opponent,
        opponent ? source : QString());
    refreshLayersNote();
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
        mHits->setItem(row, 1, cell(mService->defenderFrame().shapes[hit.defenderShape].id));
        mHits->setItem(row, 2, cell(number(hit.depth)));
        mHits->setItem(
            row, 3,
            cell(QStringLiteral("(%1, %2)").arg(number(hit.normal.x()), number(hit.normal.y()))));
    }
}

void VersusPanel::refreshRange() {
    const Document *document = mSession->document();
    // Both characters in one document, as the CLI's --defender-doc joins them: the default's
    // pairs follow both documents' layer names and this document's collide matrix.
    FrameRef defender;
    const DocumentData data = mService->pairData(&defender);
    const QList<LayerPair> defaults = VersusLayerFilter(data, std::nullopt).pairs();
    mLayers->setPlaceholderText(defaults.isEmpty()
                                    ? tr("no layer pairs collide")
                                    : tr("default: %1").arg(formatVersusLayers(defaults)));
    const VersusPlacement placement = mService->placement();
    if (!mService->isActive()) {
        mRange->setRowCount(0);
        mTunnelWarning->hide();
        return;
    }
    const QList<Frame> &frames = document->sprite(placement.attacker.sprite).frames;
    const VersusLayerFilter filter(data, mService->layers());
    mRange->setRowCount(int(frames.size()));
    QList<DxInterval> before;
    QStringList swings;
    for (int f = 0; f < frames.size(); ++f) {
        const FrameRef attacker{placement.attacker.sprite, f};
        const QList<DxInterval> now =
            versusRange(data, attacker, defender, placement.dy, placement.facing, filter);
        const QList<DxInterval> tunnel = versusTunnel(data, attacker, defender, placement.dy,
                                                      placement.facing, filter, before, now);
        before = now;
        mRange->setItem(f, 0, cell(frames[f].name));
        if (!filter.hasAttack(frames[f])) {
            // Nothing to reach with: not "never", which would read as a miss.
            QTableWidgetItem *item = cell(tr("no attack"));
            item->setToolTip(tr("No shape on the attacker layers tested (%1)")
                                 .arg(formatVersusLayers(filter.pairs())));
            mRange->setItem(f, 1, item);
        } else {
            mRange->setItem(f, 1, cell(now.isEmpty() ? tr("never") : intervalsText(now)));
        }
        QTableWidgetItem *through = cell(intervalsText(tunnel));
        if (!tunnel.isEmpty()) {
            // Marked: a game testing frame by frame misses the defender at these dx.
            through->setText(QStringLiteral("⚠ ") + through->text());
            through->setForeground(QColor(0x9a, 0x5b, 0x00));
            through->setBackground(QColor(255, 200, 80, 90));
            through->setToolTip(
                tr("The swing from %1 to %2 passes through the defender at dx %3, though "
                   "neither frame connects there: a game that tests frame by frame misses it.")
                    .arg(frames[f - 1].name, frames[f].name, intervalsText(tunnel)));
            swings << tr("%1 (dx %2)").arg(frames[f].name, intervalsText(tunnel));
        }
        mRange->setItem(f, 2, through);
        if (f == placement.attacker.frame)
            mRange->selectRow(f);
    }
    mTunnelWarning->setText(
        tr("⚠ The swing into %1 can pass through %2 between frames without a hit.")
            .arg(QLocale().createSeparatedList(swings), frameName(data, defender)));
    mTunnelWarning->setVisible(!swings.isEmpty());
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
    showLayersNote(shownSetup().layers);
}

void VersusPanel::showLayersNote(const std::optional<QList<LayerPair>> &layers) {
    // The attacker's layers are this document's; the defender's are its own document's.
    const std::shared_ptr<const DocumentData> opponent = mService->opponent();
    QStringList unknown, unknownThere;
    if (layers) {
        const QStringList known = mSession->document()->layerNames();
        const QStringList knownThere = opponent ? opponent->layerNames() : known;
        for (const LayerPair &pair : *layers) {
            if (!known.contains(pair.first) && !unknown.contains(pair.first))
                unknown << pair.first;
            QStringList &list = opponent ? unknownThere : unknown;
            if (!knownThere.contains(pair.second) && !list.contains(pair.second))
                list << pair.second;
        }
    }
    // Allowed (the layer may come later), but most often a typing slip.
    QStringList lines;
    if (!unknown.isEmpty())
        lines << tr("No layer named %1 in this document.")
                     .arg(QLocale().createSeparatedList(unknown));
    if (!unknownThere.isEmpty())
        lines << tr("No layer named %1 in %2.")
                     .arg(QLocale().createSeparatedList(unknownThere),
                          QFileInfo(mService->opponentFile()).fileName());
    mLayersNote->setText(lines.join(u'\n'));
    mLayersNote->setStyleSheet(QString());
    mLayersNote->setVisible(!lines.isEmpty());
}

void VersusPanel::commitSetup(double dx, double dy) {
    if (mRefreshing || !mSession->document()->contains(mSession->currentFrame()))
        return;
    Document *document = mSession->document();
    QList<VersusSetup> setups = document->data().versus;
    const int index = setupIndex();
    // A frame without a setup of its own saves what it shows (while playing, the held setup's
    // defender document and pairs).
    VersusSetup setup = shownSetup();
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
