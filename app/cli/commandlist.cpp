#include "clicommands.h"

namespace hitsmith::cli {

const QList<Command> &commands() {
    static const QList<Command> list = {
        {"validate", "check documents; print every problem with its location", runValidate},
        {"hits", "print every colliding pair of every frame as JSON", runHits},
        {"versus", "collide an attacker frame with a defender frame at a distance", runVersus},
        {"range", "print the exact distances at which each attacker frame connects", runRange},
        {"moveset", "print every move's reach, first frames and tunnels against a defender",
         runMoveset},
        {"framedata", "print every move's frame data in ticks (startup, active, advantage)",
         runFrameData},
        {"export", "write a document in a game-engine format (Tiled, Godot, Matter)", runExport},
        {"import", "read a game-engine file into a new Hitsmith document", runImport},
        {"render", "write each frame as a PNG: its picture and its shapes", runRender},
        {"trace", "trace hitboxes from an image's alpha into a new document", runTrace},
        {"formats", "list the file formats and what each can read and write", runFormats},
        {"bench", "time full and incremental collision on a document", runBench},
    };
    return list;
}

} // namespace hitsmith::cli
