#include "documentmanager.h"

#include "autosaver.h"
#include "document.h"
#include "editorsession.h"
#include "engines/enginesupport.h"
#include "fileio.h"
#include "formatregistry.h"
#include "formatsniffer.h"
#include "hitsmithformat.h"
#include "imagepaths.h"
#include "mugencharacter.h"
#include "prompts.h"
#include "spritespanel.h"
#include "structurecommands.h"
#include "validation.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QImageReader>
#include <QLocale>
#include <QSettings>
#include <QUndoStack>
#include <QWidget>

#include <algorithm>

namespace hitsmith {

namespace {

const QString kRecentFilesKey = QStringLiteral("recentFiles");
const QString kLastDirKey = QStringLiteral("lastDirectory");

QString tr(const char *text) {
    return QCoreApplication::translate("hitsmith::DocumentManager", text);
}

QString nativeFilter() {
    QStringList patterns;
    for (const QString &extension : HitsmithFormat().extensions())
        patterns.append(QStringLiteral("*.") + extension);
    return tr("Hitsmith documents (%1)").arg(patterns.join(u' ')) + QStringLiteral(";;") +
           tr("All files (*)");
}

/// The format's file patterns; for writing, only those it may write (a Tiled map is read for
/// its own tilesets, never written: guessWriteFormat).
QString formatFilter(const FileFormat *format, bool forWriting = false) {
    QStringList patterns;
    for (const QString &extension : format->extensions()) {
        if (forWriting && !guessWriteFormat(QStringLiteral("x.") + extension, true))
            continue;
        patterns.append(QStringLiteral("*.") + extension);
    }
    return QStringLiteral("%1 (%2)").arg(format->displayName(), patterns.join(u' '));
}

bool isPng(const QString &path) {
    return path.endsWith(QStringLiteral(".png"), Qt::CaseInsensitive);
}

bool isDocument(const QString &path) {
    return FormatRegistry::instance().byFileName(path, FileFormat::CanRead) != nullptr;
}

/// MUGEN art: a character's .def, its .sff sprites and .act palettes. Hitsmith reads them and
/// never writes them (its boxes go to the .air, by export).
bool isMugenArt(const QString &path) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    return suffix == u"def" || suffix == u"sff" || suffix == u"act";
}

/// The files of every MUGEN character the document's sprites show: .def, .sff, .air, .act.
QStringList characterFiles(EditorSession *session) {
    QStringList files;
    for (const Sprite &sprite : session->document()->data().sprites) {
        const auto character = session->pictures()->character(sprite, session->documentDir());
        if (!character)
            continue;
        files << character->defPath() << character->sffPath() << character->animPath();
        const QString dir = QFileInfo(character->defPath()).absolutePath();
        for (const QString &palette : character->def().palettes) {
            if (!palette.isEmpty())
                files << art::resolveMugenPath(dir, palette);
        }
    }
    files.removeAll(QString());
    files.removeDuplicates();
    return files;
}

/// Why path must not be written (it is MUGEN art, or a file of a character the document shows);
/// empty when it may.
QString artWriteRefusal(EditorSession *session, const QString &path) {
    const QString name = QFileInfo(path).fileName();
    if (isMugenArt(path))
        return tr("%1 is MUGEN art (.def, .sff or .act); Hitsmith never writes those. Choose "
                  "another name.")
            .arg(name);
    const QStringList files = characterFiles(session);
    if (std::any_of(files.begin(), files.end(),
                    [&](const QString &file) { return isSameFile(path, file); }))
        return tr("%1 is a file of the MUGEN character this document shows; saving a Hitsmith "
                  "document there would replace it. Choose another name.")
            .arg(name);
    return {};
}

/// The name a file's content goes by: "knight" for knight.json, knight.tsx and the
/// knight.matter.json an export suggested.
QString documentStem(const QString &path) {
    QString stem = QFileInfo(path).completeBaseName();
    for (const FileFormat *format : FormatRegistry::instance().formats()) {
        const QString tag = u'.' + format->name();
        if (stem.endsWith(tag) && stem.size() > tag.size())
            return stem.chopped(tag.size());
    }
    return stem;
}

/// The name of a file and, where that is not enough, as many folders above it as tell it apart.
QString labelFor(const QString &path, const QStringList &clashing) {
    const QString name = QFileInfo(path).fileName();
    const QStringList folders = QDir::toNativeSeparators(QFileInfo(path).absolutePath())
                                    .split(QDir::separator(), Qt::SkipEmptyParts);
    const auto tail = [](const QStringList &parts, qsizetype count) {
        return parts.mid(std::max<qsizetype>(0, parts.size() - count)).join(QDir::separator());
    };
    for (qsizetype count = 1; count <= folders.size(); ++count) {
        const QString mine = tail(folders, count);
        bool unique = true;
        for (const QString &other : clashing) {
            if (other == path)
                continue;
            const QStringList theirs = QDir::toNativeSeparators(QFileInfo(other).absolutePath())
                                           .split(QDir::separator(), Qt::SkipEmptyParts);
            unique = unique && tail(theirs, count) != mine;
        }
        if (unique)
            return QStringLiteral("%1 \u2014 %2").arg(name, mine);
    }
    return QStringLiteral("%1 \u2014 %2")
        .arg(name, QDir::toNativeSeparators(QFileInfo(path).absolutePath()));
}

} // namespace

DocumentManager::DocumentManager(EditorSession *session, Prompts *prompts, QWidget *window)
    : QObject(window)
    , mSession(session)
    , mPrompts(prompts)
    , mWindow(window)
    , mAutosaver(new Autosaver(session->document(), this)) {
    connect(mAutosaver, &Autosaver::autosaveFailed, this, [this](const QString &message) {
        // Not modal: a failing disk must not interrupt the user every minute.
        Q_EMIT statusMessage(tr("Autosave failed: %1").arg(message), 10000);
    });
    connect(document(), &Document::filePathChanged, this, &DocumentManager::titleChanged);
}

DocumentManager::~DocumentManager() = default;

Document *DocumentManager::document() const {
    return mSession->document();
}

QString DocumentManager::displayName() const {
    const QString path = document()->filePath();
    if (!path.isEmpty())
        return QFileInfo(path).fileName();
    if (!mImportedFrom.isEmpty())
        return tr("Untitled (imported from %1)").arg(QFileInfo(mImportedFrom).fileName());
    return tr("Untitled");
}

void DocumentManager::setImportedFrom(const QString &path) {
    if (path == mImportedFrom)
        return;
    mImportedFrom = path;
    Q_EMIT titleChanged();
}

QString DocumentManager::startDirectory() const {
    if (!document()->filePath().isEmpty())
        return QFileInfo(document()->filePath()).absolutePath();
    if (!mImportedFrom.isEmpty())
        return QFileInfo(mImportedFrom).absolutePath();
    return QSettings().value(kLastDirKey, QDir::homePath()).toString();
}

QString DocumentManager::suggestedExportPath(const FileFormat *format) const {
    const QString own = document()->filePath();
    const QString source = own.isEmpty() ? mImportedFrom : own;
    const QString stem = source.isEmpty() ? tr("untitled") : documentStem(source);
    const QString extension =
        format->extensions().isEmpty() ? QStringLiteral("txt") : format->extensions().first();
    // ".json" alone would say nothing and could be the document itself: name the format.
    const QString name = extension == QLatin1String("json")
                             ? QStringLiteral("%1.%2.%3").arg(stem, format->name(), extension)
                             : QStringLiteral("%1.%2").arg(stem, extension);
    const QDir dir(startDirectory());
    QString path = dir.filePath(name);
    if (!own.isEmpty() && isSameFile(path, own))
        path = dir.filePath(QStringLiteral("%1-export.%2").arg(stem, extension));
    return path;
}

bool DocumentManager::maybeSave() {
    if (!document()->isModified())
        return true;
    switch (mPrompts->askUnsaved(mWindow, displayName())) {
    case Prompts::UnsavedAnswer::Save:
        return save();
    case Prompts::UnsavedAnswer::Discard:
        return true;
    case Prompts::UnsavedAnswer::Cancel:
        break;
    }
    return false;
}

bool DocumentManager::close() {
    if (!maybeSave())
        return false;
    mAutosaver->discardRecovery();
    return true;
}

bool DocumentManager::newDocument() {
    if (!maybeSave())
        return false;
    document()->reset(DocumentData{});
    setImportedFrom({});
    mAutosaver->discardRecovery();
    return true;
}

bool DocumentManager::open() {
    QString filter = nativeFilter();
    for (const FileFormat *format : FormatRegistry::instance().formats()) {
        if ((format->capabilities() & FileFormat::CanRead) &&
            format->name() != HitsmithFormat().name())
            filter += QStringLiteral(";;") + formatFilter(format);
    }
    const QString path =
        mPrompts->openFileName(mWindow, tr("Open Document"), startDirectory(), filter);
    return !path.isEmpty() && openFile(path);
}

bool DocumentManager::openFile(const QString &path) {
    if (isPng(path) && QImageReader(path).canRead())
        return offerPngAsSprite(path);
    // A game-engine file opens as an import. ".json" is shared by the native format, Tiled,
    // Phaser/Matter and Aseprite, so the content decides. The file is read once, here.
    QByteArray bytes;
    QString readError;
    if (!readWholeFile(path, &bytes, &readError)) {
        mPrompts->showError(mWindow, tr("Open Document"), readError);
        return false;
    }
    // A well-formed native document is read by the fast reader alone, which checks its
    // "format": no need to tell its format first (which reads the whole text once more).
    if (QFileInfo(path).suffix().compare(u"json", Qt::CaseInsensitive) == 0) {
        if (std::optional<DocumentData> document = HitsmithFormat::readQuickly(bytes, path)) {
            if (!maybeSave())
                return false;
            ReadResult result;
            result.document = std::move(document);
            return loadNative(path, std::move(result));
        }
    }
    const FileFormat *format = guessReadFormat(path, bytes);
    if (format && format->name() != HitsmithFormat().name())
        return importFile(path, format);
    if (!format && QFileInfo(path).suffix().compare(u"json", Qt::CaseInsensitive) != 0) {
        // An .xml or .plist that no reader recognises: a JSON parse error would only confuse.
        mPrompts->showError(
            mWindow, tr("Open Document"),
            tr("%1 is not a file Hitsmith can open: its content is none of the formats it "
               "imports (Tiled, Godot, Phaser/Matter, Aseprite, MUGEN .def and .air, "
               "PhysicsEditor's "
               "AndEngine or libGDX XML, cocos2d-x plist).")
                .arg(QFileInfo(path).fileName()));
        return false;
    }
    if (!maybeSave())
        return false;
    return loadNative(path, bytes);
}

bool DocumentManager::offerPngAsSprite(const QString &path) {
    // An image is not a document, but it is what a sprite is made from.
    if (!mPrompts->confirm(mWindow, tr("Open Document"),
                           tr("%1 is an image, not a Hitsmith document.\n\n"
                              "Add it to this document as a sprite (Sprite > Add Sprite from "
                              "PNG)?")
                               .arg(QFileInfo(path).fileName())))
        return false;
    return addSpritesFromImages({path}) > 0;
}

bool DocumentManager::openRecentFile(const QString &path) {
    const bool opened = openFile(path);
    if (!opened && !QFileInfo::exists(path)) {
        // Gone for good (moved or deleted): stop offering it.
        QStringList files = recentFiles();
        files.removeAll(path);
        QSettings().setValue(kRecentFilesKey, files);
    }
    return opened;
}

bool DocumentManager::loadNative(const QString &path, const QByteArray &bytes) {
    return loadNative(path, HitsmithFormat().readFrom(bytes, path));
}

bool DocumentManager::loadNative(const QString &path, ReadResult result) {
    if (!result.isOk()) {
        // The open document stays as it was: nothing is replaced until the file is read.
        mPrompts->showError(mWindow, tr("Open Document"), result.error);
        return false;
    }
    document()->reset(std::move(*result.document), QFileInfo(path).absoluteFilePath());
    setImportedFrom({});
    mAutosaver->discardRecovery();
    addRecentFile(path);
    if (!result.warnings.isEmpty())
        Q_EMIT statusMessage(result.warnings.join(QStringLiteral("; ")), 10000);
    else
        Q_EMIT statusMessage(tr("Opened %1").arg(QDir::toNativeSeparators(path)), 5000);
    return true;
}

bool DocumentManager::save() {
    const QString path = document()->filePath();
    if (path.isEmpty())
        return saveAs();
    return saveTo(path);
}

bool DocumentManager::saveAs() {
    QString suggested = document()->filePath();
    if (suggested.isEmpty())
        suggested =
            QDir(startDirectory())
                .filePath((mImportedFrom.isEmpty() ? tr("untitled") : documentStem(mImportedFrom)) +
                          QStringLiteral(".hitsmith.json"));
    QString path =
        mPrompts->saveFileName(mWindow, tr("Save Document As"), suggested, nativeFilter());
    if (path.isEmpty())
        return false;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".json");
    return saveTo(path);
}

bool DocumentManager::saveTo(const QString &path) {
    if (!mImportedFrom.isEmpty() && isSameFile(path, mImportedFrom)) {
        mPrompts->showError(mWindow, tr("Save Document"),
                            tr("%1 is the file this document was imported from; saving a "
                               "Hitsmith document there would replace it. Choose another name.")
                                .arg(QFileInfo(path).fileName()));
        return false;
    }
    if (const QString refusal = artWriteRefusal(mSession, path); !refusal.isEmpty()) {
        mPrompts->showError(mWindow, tr("Save Document"), refusal);
        return false;
    }
    // Image paths are absolute in memory; the writer makes them relative to the target's
    // folder, so saving anywhere rewrites nothing in the document or its history.
    QString error;
    if (!saveDocumentFile(document()->data(), path, &error)) {
        // saveDocumentFile writes atomically: the old file is intact, the document untouched.
        mPrompts->showError(mWindow, tr("Save Document"), error);
        return false;
    }
    document()->setFilePath(QFileInfo(path).absoluteFilePath());
    document()->markSaved();
    setImportedFrom({});
    mAutosaver->discardRecovery();
    addRecentFile(path);
    Q_EMIT statusMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)), 5000);
    return true;
}

bool DocumentManager::importAs(const FileFormat *format) {
    const QString path = mPrompts->openFileName(mWindow, tr("Import %1").arg(format->displayName()),
                                                startDirectory(), formatFilter(format));
    return !path.isEmpty() && importFile(path, format);
}

bool DocumentManager::importFile(const QString &path, const FileFormat *format) {
    if (!maybeSave())
        return false;
    QByteArray bytes;
    QString error;
    if (!readWholeFile(path, &bytes, &error)) {
        mPrompts->showError(mWindow, tr("Import"), error);
        return false;
    }
    ReadResult result = format->readFrom(bytes, path);
    if (!result.isOk()) {
        mPrompts->showError(mWindow, tr("Import"), result.error);
        return false;
    }
    // Untitled: Save asks for a Hitsmith file name and never writes over the source.
    document()->reset(std::move(*result.document));
    setImportedFrom(QFileInfo(path).absoluteFilePath());
    document()->markUnsaved(); // not saved in the native format yet: closing must ask
    mAutosaver->autosaveNow();
    if (!result.warnings.isEmpty())
        mPrompts->showWarning(
            mWindow, tr("Import"),
            tr("Imported with warnings:\n%1").arg(result.warnings.join(QStringLiteral("\n"))));
    return true;
}

bool DocumentManager::exportAs(const FileFormat *format, const WriteOptions &options) {
    const QString path =
        mPrompts->saveFileName(mWindow, tr("Export %1").arg(format->displayName()),
                               suggestedExportPath(format), formatFilter(format, true));
    return !path.isEmpty() && exportFile(path, format, options);
}

bool DocumentManager::exportFile(const QString &path, const FileFormat *format,
                                 const WriteOptions &requested) {
    const QString name = QFileInfo(path).fileName();
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("tmx") || suffix == QLatin1String("tmj")) {
        mPrompts->showError(mWindow, tr("Export"),
                            tr("%1 is a Tiled map; Hitsmith reads maps and never writes them "
                               "(a tileset would replace the map). Export to a .tsx or .tsj "
                               "tileset.")
                                .arg(name));
        return false;
    }
    if (isMugenArt(path)) {
        // The character's .air may take the boxes back (AirFormat keeps its other bytes); its
        // .def, .sff and .act are art and stay untouched.
        mPrompts->showError(mWindow, tr("Export"),
                            tr("%1 is MUGEN art (.def, .sff or .act); Hitsmith never writes "
                               "those.")
                                .arg(name));
        return false;
    }
    const bool ownFile =
        !document()->filePath().isEmpty() && isSameFile(path, document()->filePath());
    if (ownFile) {
        if (!mPrompts->confirmDestructive(
                mWindow, tr("Export"),
                tr("%1 is the open document's own file; replace it with %2?\n\n"
                   "The Hitsmith document on disk is lost; this document stays open, unsaved.")
                    .arg(name, format->displayName())))
            return false;
    } else if (holdsHitsmithDocument(path)) {
        if (!mPrompts->confirmDestructive(mWindow, tr("Export"),
                                          tr("%1 is a Hitsmith document; replace it with %2?\n\n"
                                             "The Hitsmith document in it is lost.")
                                              .arg(name, format->displayName())))
            return false;
    }
    const DocumentData &data = document()->data();
    WriteOptions options = requested;
    // One question for all that the export leaves out: the invalid shapes by name, then what
    // the writer reports as lost, one bullet a line as it gives them.
    QStringList invalid;
    for (const Sprite &sprite : data.sprites) {
        for (const Frame &frame : sprite.frames) {
            for (const Shape &shape : frame.shapes) {
                if (const std::optional<ShapeProblem> problem = validateShape(shape))
                    invalid << QStringLiteral("%1/%2/%3 (%4)")
                                   .arg(sprite.name, frame.name, shape.id, problem->reason);
            }
        }
    }
    QStringList losses = format->exportWarningsFor(data, options);
    // The writers' own line on invalid shapes names only a few: the list above names them all.
    for (const QString &line : engines::invalidShapeWarnings(data))
        losses.removeAll(line);
    if (!invalid.isEmpty() || !losses.isEmpty()) {
        const auto bullets = [](const QStringList &lines) {
            return QStringLiteral("\u2022 ") + lines.join(QStringLiteral("\n\u2022 "));
        };
        QStringList parts;
        if (!invalid.isEmpty()) {
            constexpr qsizetype kNamed = 12;
            QStringList named = invalid.mid(0, kNamed);
            if (invalid.size() > kNamed)
                named << tr("and %1 more").arg(invalid.size() - kNamed);
            parts
                << (invalid.size() == 1
                        ? tr("This shape is invalid and is left out:")
                        : tr("These %1 shapes are invalid and are left out:").arg(invalid.size())) +
                       u'\n' + bullets(named);
        }
        if (!losses.isEmpty())
            parts << tr("%1 cannot hold everything in this document:").arg(format->displayName()) +
                         u'\n' + bullets(losses);
        parts << tr("Export anyway?");
        if (!mPrompts->confirm(mWindow, tr("Export"), parts.join(QStringLiteral("\n\n"))))
            return false;
        options.skipInvalid = !invalid.isEmpty();
    }
    const WriteResult result = format->writeFor(data, path, options);
    if (!result.isOk()) {
        mPrompts->showError(mWindow, tr("Export"), result.error);
        return false;
    }
    QString error;
    if (!writeFileAtomically(path, result.bytes, &error)) {
        mPrompts->showError(mWindow, tr("Export"), error);
        return false;
    }
    if (ownFile)
        document()->markUnsaved(); // its file now holds the export, not the document
    Q_EMIT statusMessage(tr("Exported %1").arg(QDir::toNativeSeparators(path)), 5000);
    return true;
}

int DocumentManager::addSprites() {
    const QStringList paths = mPrompts->openFileNames(mWindow, tr("Add Sprite from PNG"),
                                                      startDirectory(), tr("PNG images (*.png)"));
    return paths.isEmpty() ? 0 : addSpritesFromImages(paths);
}

int DocumentManager::addSpritesFromImages(const QStringList &paths) {
    QList<Sprite> sprites;
    QStringList taken;
    for (const Sprite &sprite : document()->data().sprites)
        taken.append(sprite.name);
    QStringList failures;
    for (const QString &path : paths) {
        QImageReader reader(path);
        if (!reader.canRead()) {
            failures.append(tr("%1: %2").arg(QDir::toNativeSeparators(path), reader.errorString()));
            continue;
        }
        Sprite sprite;
        sprite.name = uniqueName(QFileInfo(path).completeBaseName(), taken);
        taken.append(sprite.name);
        sprite.image = QFileInfo(path).absoluteFilePath(); // relative only in files
        Frame frame;
        frame.name = tr("frame-1");
        sprite.frames.append(frame);
        sprites.append(sprite);
    }
    if (!failures.isEmpty())
        mPrompts->showError(mWindow, tr("Add Sprite from PNG"),
                            tr("Cannot read these images:\n%1").arg(failures.join(u'\n')));
    if (sprites.isEmpty())
        return 0;
    QUndoStack *stack = document()->undoStack();
    const int first = int(document()->data().sprites.size());
    stack->beginMacro(tr("Add %n Sprite(s)", nullptr, int(sprites.size())));
    for (int i = 0; i < sprites.size(); ++i)
        stack->push(new InsertSpriteCommand(document(), first + i, sprites[i], tr("Add Sprite")));
    stack->endMacro();
    mSession->setCurrentFrame({first, 0});
    return int(sprites.size());
}

bool DocumentManager::acceptsDrop(const QStringList &files) {
    return std::any_of(files.begin(), files.end(), isPng) ||
           std::any_of(files.begin(), files.end(), isDocument);
}

void DocumentManager::dropFiles(const QStringList &files) {
    QStringList pngs = files;
    pngs.removeIf([](const QString &path) { return !isPng(path); });
    const auto dropped = std::find_if(files.begin(), files.end(), isDocument);
    if (dropped != files.end() && !openFile(*dropped))
        return;
    if (!pngs.isEmpty())
        addSpritesFromImages(pngs);
}

int DocumentManager::offerRecovery() {
    const QList<RecoveryEntry> entries = Autosaver::abandonedRecoveries();
    if (entries.isEmpty())
        return 0;
    QStringList lines;
    for (const RecoveryEntry &entry : entries) {
        lines.append(
            tr("%1 (autosaved %2)")
                .arg(entry.originalPath.isEmpty() ? tr("Untitled")
                                                  : QDir::toNativeSeparators(entry.originalPath),
                     QLocale().toString(entry.savedAt.toLocalTime(), QLocale::ShortFormat)));
    }
    if (!mPrompts->confirm(mWindow, tr("Recover Unsaved Work"),
                           tr("Hitsmith did not close properly. Restore the unsaved work?\n\n%1")
                               .arg(lines.join(u'\n')))) {
        // Declining twice is the only way to throw autosaved work away.
        if (mPrompts->confirm(mWindow, tr("Recover Unsaved Work"),
                              tr("Delete the unsaved work permanently?")))
            for (const RecoveryEntry &entry : entries)
                Autosaver::removeRecovery(entry);
        return 0;
    }
    int restored = 0;
    mRestoredFrom.clear();
    for (const RecoveryEntry &entry : entries) {
        DocumentManager *manager = this;
        // This window takes the first one if it holds nothing; others get windows of their own.
        if ((restored > 0 || document()->isModified() || !document()->data().sprites.isEmpty()) &&
            mWindowFactory)
            manager = mWindowFactory();
        if (manager->restoreRecovery(entry)) {
            ++restored;
            if (!entry.originalPath.isEmpty())
                mRestoredFrom.append(entry.originalPath);
        } else if (manager != this)
            manager->mWindow->close();
    }
    return restored;
}

void DocumentManager::startUp(const QStringList &files) {
    const int restored = offerRecovery();
    if (files.isEmpty())
        return;
    const QString path = files.first();
    // Started on the file the work was restored from (scripts/run-editor.sh always names the
    // example): the restored document is that file, unsaved. Opening it again would ask to save
    // or discard the work just restored (issue 26).
    if (std::any_of(mRestoredFrom.cbegin(), mRestoredFrom.cend(),
                    [&](const QString &original) { return isSameFile(path, original); }))
        return;
    if (restored > 0 && mWindowFactory) {
        DocumentManager *other = mWindowFactory(); // the restored work keeps this window
        if (!other->openFile(path))
            other->mWindow->close();
        return;
    }
    openFile(path);
}

bool DocumentManager::restoreRecovery(const RecoveryEntry &entry) {
    // Recovery files hold absolute image paths; older ones were relative to the original file.
    QByteArray bytes;
    ReadResult result;
    if (readWholeFile(entry.recoveryFile, &bytes, &result.error))
        result = HitsmithFormat::parse(bytes);
    if (!result.isOk()) {
        // Keep the file: the user (or support) may still get the work out of it.
        mPrompts->showError(mWindow, tr("Recover Unsaved Work"), result.error);
        return false;
    }
    if (!entry.originalPath.isEmpty())
        resolveImagePaths(*result.document, QFileInfo(entry.originalPath).absolutePath());
    document()->reset(std::move(*result.document), entry.originalPath);
    setImportedFrom({});
    document()->markUnsaved(); // it is unsaved work
    // Safe in this session's own recovery file before the old one goes.
    if (!mAutosaver->autosaveNow())
        return true;
    Autosaver::removeRecovery(entry);
    Q_EMIT statusMessage(tr("Restored unsaved work"), 5000);
    return true;
}

QStringList DocumentManager::recentFiles() {
    return QSettings().value(kRecentFilesKey).toStringList();
}

void DocumentManager::addRecentFile(const QString &path) {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList files = recentFiles();
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > kMaxRecentFiles)
        files.removeLast();
    QSettings settings;
    settings.setValue(kRecentFilesKey, files);
    settings.setValue(kLastDirKey, QFileInfo(absolute).absolutePath());
}

void DocumentManager::clearRecentFiles() {
    QSettings().remove(kRecentFilesKey);
}

QStringList DocumentManager::recentFileLabels(const QStringList &files) {
    QStringList labels;
    for (const QString &path : files) {
        const QString name = QFileInfo(path).fileName();
        QStringList clashing;
        for (const QString &other : files) {
            if (QFileInfo(other).fileName() == name)
                clashing.append(other);
        }
        labels.append(clashing.size() > 1 ? labelFor(path, clashing) : name);
    }
    return labels;
}

} // namespace hitsmith
