// Loads a PhysicsEditor Phaser/Matter JSON export the way Phaser 3's PhysicsEditorParser does
// (Bodies.circle for circles; clockwiseSort + Body.create at the vertex centre for each vertex
// set; one compound body per key via Body.setParts) and prints, per body, every pair of fixtures
// that Matter.js says collide: Detector.canCollide on the fixtures' collisionFilter, then
// Collision.collides on the two parts. Matter never tests the parts of one body against each
// other, so the parts are tested directly, as a game does with hitbox and hurtbox bodies.
//
// Usage: node matter_hits.js EXPORT.json   (matter-js found through NODE_PATH)
// Prints: {"matter":"0.19.0","hits":[{"body":"...","a":"label","b":"label","depth":1.5,
//          "circle":false}, ...]}

'use strict';

const fs = require('fs');
const Matter = require('matter-js');
const { Bodies, Body, Collision, Common, Detector, Vertices } = Matter;

function parseFixture(fixture) {
    const config = Common.extend({}, false, fixture);
    delete config.circle;
    delete config.vertices;
    if (fixture.circle) {
        return [Bodies.circle(fixture.circle.x, fixture.circle.y, fixture.circle.radius, config)];
    }
    return fixture.vertices.map((set) => {
        Vertices.clockwiseSort(set);
        return Body.create(Common.extend({ position: Vertices.centre(set), vertices: set }, config));
    });
}

function main() {
    const file = process.argv[2];
    const data = JSON.parse(fs.readFileSync(file, 'utf8'));
    const hits = [];
    for (const key of Object.keys(data)) {
        const config = data[key];
        if (key === 'generator_info' || !config || !Array.isArray(config.fixtures)) continue;
        const parts = [];
        for (const fixture of config.fixtures) {
            for (const part of parseFixture(fixture)) {
                part.hitsmithCircle = Boolean(fixture.circle);
                parts.push(part);
            }
        }
        if (parts.length === 0) continue;
        // As Phaser's parseBody: one compound body, moved so its centre of mass is at (0, 0).
        // Moving the whole body moves every part alike, so part pairs are unchanged.
        const bodyConfig = Common.extend({}, false, config);
        delete bodyConfig.fixtures;
        delete bodyConfig.type;
        const body = Body.create(bodyConfig);
        Body.setParts(body, parts);
        Body.setPosition(body, { x: 0, y: 0 });
        for (let i = 0; i < parts.length; ++i) {
            for (let j = i + 1; j < parts.length; ++j) {
                const a = parts[i], b = parts[j];
                if (!Detector.canCollide(a.collisionFilter, b.collisionFilter)) continue;
                const collision = Collision.collides(a, b);
                if (!collision) continue;
                hits.push({
                    body: key, a: a.label, b: b.label, depth: collision.depth,
                    circle: a.hitsmithCircle || b.hitsmithCircle,
                });
            }
        }
    }
    const version = require('matter-js/package.json').version;
    process.stdout.write(JSON.stringify({ matter: version, hits: hits }) + '\n');
}

main();
