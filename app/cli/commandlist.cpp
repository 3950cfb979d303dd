#include "clicommands.h"

namespace hitsmith::cli {

const QList<Command> &commands() {
    static const QList<Command> list = {
        {"validate", "check documents; print every problem with its location", runValidate},
        {"hits", "print every colliding pair of every frame as JSON", runHits},
        {"bench", "time full and incremental collision on a document", runBench},
    };
    return list;
}

} // namespace hitsmith::cli
