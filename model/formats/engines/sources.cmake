# Game-engine formats: included by model/CMakeLists.txt, paths relative to model/.
# One folder per engine; what several engines share (parsing helpers, animation-loss counts,
# content sniffing) stays in formats/engines/ itself.
target_sources(hitsmith_model PRIVATE
  formats/engines/enginesupport.h formats/engines/enginesupport.cpp
  formats/engines/animationloss.h formats/engines/animationloss.cpp
  formats/engines/formatsniffer.h formats/engines/formatsniffer.cpp
  formats/engines/opponentcheck.h formats/engines/opponentcheck.cpp
  formats/engines/tiled/tiledtileset.h formats/engines/tiled/tiledtileset.cpp
  formats/engines/tiled/tiledmap.cpp
  formats/engines/tiled/tiledio.h formats/engines/tiled/tiledreader.cpp
  formats/engines/tiled/tiledwriter.cpp
  formats/engines/tiled/tiledformat.h formats/engines/tiled/tiledformat.cpp
  formats/engines/matter/matterformat.h formats/engines/matter/matterformat.cpp
  formats/engines/aseprite/asepriteformat.h formats/engines/aseprite/asepriteformat.cpp
  formats/engines/aseprite/asefile.h formats/engines/aseprite/asefile.cpp
  formats/engines/aseprite/asepritefileformat.h formats/engines/aseprite/asepritefileformat.cpp
  formats/engines/godot/godottext.h formats/engines/godot/godottext.cpp
  formats/engines/godot/godotmeta.h
  formats/engines/godot/godotproperties.h formats/engines/godot/godotproperties.cpp
  formats/engines/godot/godotformat.h formats/engines/godot/godotformat.cpp
  formats/engines/godot/godotreader.cpp formats/engines/godot/godotwriter.cpp
  formats/engines/godot/godotreading.h formats/engines/godot/godotreading.cpp
  formats/engines/godot/godotanimationreader.cpp formats/engines/godot/godottilesets.cpp
  formats/engines/godot/godotanimation.h formats/engines/godot/godotanimation.cpp
  formats/engines/mugen/airformat.h formats/engines/mugen/airformat.cpp
  formats/engines/mugen/airlines.h formats/engines/mugen/airlines.cpp
  formats/engines/mugen/airelement.h formats/engines/mugen/airelement.cpp
  formats/engines/mugen/airnames.h formats/engines/mugen/airnames.cpp
  formats/engines/mugen/defformat.h formats/engines/mugen/defformat.cpp
  formats/engines/mugen/cnsstates.h formats/engines/mugen/cnsstates.cpp
  formats/engines/physicseditor/xmltree.h formats/engines/physicseditor/xmltree.cpp
  formats/engines/physicseditor/physicseditorbodies.h
  formats/engines/physicseditor/physicseditorbodies.cpp
  formats/engines/physicseditor/physicseditorio.h
  formats/engines/physicseditor/physicseditorxml.cpp
  formats/engines/physicseditor/physicseditorplist.cpp
  formats/engines/physicseditor/physicseditorformat.h
  formats/engines/physicseditor/physicseditorformat.cpp
  formats/engines/spine/spineformat.h formats/engines/spine/spinewriter.cpp
  formats/engines/spine/spinereader.cpp
  formats/engines/runtime/runtimeformat.h formats/engines/runtime/runtimeformat.cpp
)
# Headers are included by name (the tests and the CLI reach the engines' headers too).
foreach(engine "" tiled matter aseprite godot mugen physicseditor spine runtime)
  target_include_directories(hitsmith_model PUBLIC ${CMAKE_CURRENT_LIST_DIR}/${engine})
endforeach()
