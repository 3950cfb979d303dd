# Game-engine formats (issue 5): included by model/CMakeLists.txt, paths relative to model/.
target_sources(hitsmith_model PRIVATE
  formats/engines/enginesupport.h formats/engines/enginesupport.cpp
  formats/engines/animationloss.h formats/engines/animationloss.cpp
  formats/engines/tiledtileset.h formats/engines/tiledtileset.cpp
  formats/engines/tiledio.h formats/engines/tiledreader.cpp formats/engines/tiledwriter.cpp
  formats/engines/tiledformat.h formats/engines/tiledformat.cpp
  formats/engines/matterformat.h formats/engines/matterformat.cpp
  formats/engines/asepriteformat.h formats/engines/asepriteformat.cpp
  formats/engines/godottext.h formats/engines/godottext.cpp
  formats/engines/godotmeta.h
  formats/engines/godotproperties.h formats/engines/godotproperties.cpp
  formats/engines/godotformat.h formats/engines/godotformat.cpp
  formats/engines/godotreader.cpp formats/engines/godotwriter.cpp
  formats/engines/godotanimation.h formats/engines/godotanimation.cpp
  formats/engines/airformat.h formats/engines/airformat.cpp
  formats/engines/xmltree.h formats/engines/xmltree.cpp
  formats/engines/physicseditorbodies.h formats/engines/physicseditorbodies.cpp
  formats/engines/physicseditorio.h formats/engines/physicseditorxml.cpp
  formats/engines/physicseditorplist.cpp
  formats/engines/physicseditorformat.h formats/engines/physicseditorformat.cpp
  formats/engines/formatsniffer.h formats/engines/formatsniffer.cpp
)
target_include_directories(hitsmith_model PUBLIC ${CMAKE_CURRENT_LIST_DIR})
