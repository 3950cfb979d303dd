#pragma once

namespace hitsmith {

/// Every mergeable command's QUndoCommand::id(), in one place so ids never collide.
enum class CommandId : int {
    ChangeShapes = 1,
    ChangeFrame,
    ChangeSprite,
    SetCollisionRules,
    SetVersus,
};

} // namespace hitsmith
