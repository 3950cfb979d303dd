#include "clicommands.h"

namespace hitsmith::cli {

const QList<Command> &commands() {
    static const QList<Command> list = {
        {"validate", "check documents; print every problem with its location", runValidate},
    };
    return list;
}

} // namespace hitsmith::cli
