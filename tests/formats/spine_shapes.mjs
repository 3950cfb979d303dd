// Loads a Spine skeleton JSON export with spine-core's SkeletonJson (no texture atlas: an
// attachment loader that makes bounding boxes and points and no regions), plays every animation
// to each given time, and prints what a game sees there: the visible bounding boxes through
// SkeletonBounds (world vertices) and the points through their world positions.
//
// Usage: node spine_shapes.mjs SKELETON.json TIMES.json
//   TIMES.json: {"<animation>": [t0, t1, ...], ...} in seconds
//   spine-core is found in $NODE_PATH/@esotericsoftware/spine-core (ESM ignores NODE_PATH itself).
// Prints: {"spine":"<version the file states>","animations":{"<name>":{"duration":d,
//          "frames":[{"time":t,"boxes":[{"slot":s,"name":n,"vertices":[x,y,...]}],
//                     "points":[{"slot":s,"name":n,"x":x,"y":y}]}]}}}

import fs from 'fs';
import path from 'path';
import { pathToFileURL } from 'url';

const modules = process.env.NODE_PATH;
const spine = await import(
    pathToFileURL(path.join(modules, '@esotericsoftware/spine-core/dist/index.js')).href);
const {
    BoundingBoxAttachment, MixBlend, MixDirection, Physics, PointAttachment, Skeleton,
    SkeletonBounds, SkeletonJson, Vector2,
} = spine;

// The export has no regions or meshes; anything else would need an atlas and is left out.
const loader = {
    newRegionAttachment() { return null; },
    newMeshAttachment() { return null; },
    newBoundingBoxAttachment(skin, name) { return new BoundingBoxAttachment(name); },
    newPathAttachment() { return null; },
    newPointAttachment(skin, name) { return new PointAttachment(name); },
    newClippingAttachment() { return null; },
};

const [file, timesFile] = process.argv.slice(2);
const data = new SkeletonJson(loader).readSkeletonData(fs.readFileSync(file, 'utf8'));
const times = JSON.parse(fs.readFileSync(timesFile, 'utf8'));
const out = { spine: data.version, animations: {} };
for (const animation of data.animations) {
    const frames = [];
    for (const time of times[animation.name] || []) {
        const skeleton = new Skeleton(data);
        skeleton.setToSetupPose();
        animation.apply(skeleton, 0, time, false, null, 1, MixBlend.setup, MixDirection.mixIn);
        skeleton.updateWorldTransform(Physics.update);
        const bounds = new SkeletonBounds();
        bounds.update(skeleton, true);
        const boxes = bounds.boundingBoxes.map((box, i) => ({
            slot: skeleton.slots.find((s) => s.getAttachment() === box).data.name,
            name: box.name,
            vertices: Array.from(bounds.polygons[i]),
        }));
        const points = [];
        for (const slot of skeleton.slots) {
            const attachment = slot.getAttachment();
            if (attachment instanceof PointAttachment) {
                const p = attachment.computeWorldPosition(slot.bone, new Vector2());
                points.push({ slot: slot.data.name, name: attachment.name, x: p.x, y: p.y });
            }
        }
        frames.push({ time, boxes, points });
    }
    out.animations[animation.name] = { duration: animation.duration, frames };
}
process.stdout.write(JSON.stringify(out) + '\n');
