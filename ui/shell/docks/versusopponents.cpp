#include "versusopponents.h"

#include "formatsniffer.h"

namespace hitsmith {

VersusOpponents::VersusOpponents()
    : mPictures(std::make_unique<FramePictures>()) {}

VersusOpponents::~VersusOpponents() = default;

VersusOpponents::Entry VersusOpponents::read(const QString &path) {
    Entry entry;
    entry.path = path;
    ReadResult result = readAnyDocumentFile(path);
    if (!result.isOk()) {
        entry.error = result.error;
        return entry;
    }
    entry.warnings = result.warnings;
    entry.data = std::make_shared<const DocumentData>(std::move(*result.document));
    return entry;
}

const VersusOpponents::Entry &VersusOpponents::get(const QString &path) {
    auto it = mEntries.find(path);
    if (it == mEntries.end()) {
        it = mEntries.insert(path, read(path));
        mOrder << path;
    }
    return *it;
}

VersusOpponents::Entry VersusOpponents::reload(const QString &path, bool keepGood) {
    Entry entry = read(path);
    if (entry.isOk() || !keepGood) {
        if (!mEntries.contains(path))
            mOrder << path;
        mEntries.insert(path, entry);
        mPictures->clear(); // its art may have changed too
    }
    return entry;
}

void VersusOpponents::clear() {
    mEntries.clear();
    mOrder.clear();
    mPictures->clear();
}

} // namespace hitsmith
