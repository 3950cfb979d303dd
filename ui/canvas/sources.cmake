# The canvas: view, scene items, tools, snapping and live feedback (included by ui/CMakeLists.txt).
target_sources(hitsmith_ui PRIVATE
  canvas/canvas.h canvas/canvas.cpp
  canvas/canvasactions.cpp canvas/canvasclipboard.cpp canvas/canvasedits.cpp
  canvas/canvasview.h canvas/canvasview.cpp
  canvas/shapeitem.h canvas/shapeitem.cpp
  canvas/snapper.h canvas/snapper.cpp
  canvas/abstracttool.h canvas/abstracttool.cpp
  canvas/selecttool.h canvas/selecttool.cpp
  canvas/creationtools.h canvas/creationtools.cpp canvas/segmentdistance.h
  canvas/shapeclipboard.h canvas/shapeclipboard.cpp
  canvas/versuslayer.h canvas/versuslayer.cpp
  canvas/onionlayer.h canvas/onionlayer.cpp
  canvas/motionlayer.h canvas/motionlayer.cpp
)
