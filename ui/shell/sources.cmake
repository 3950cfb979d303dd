# The shell (included by ui/CMakeLists.txt), grouped by job: the main window here; files, autosave
# and questions in documents/; dialogs in dialogs/; the Properties dock in properties/; the other
# docks in docks/; the Timeline, playback and the animation menu in animation/.
target_sources(hitsmith_ui PRIVATE
  shell/documents/prompts.h shell/documents/prompts.cpp
  shell/documents/autosaver.h shell/documents/autosaver.cpp
  shell/documents/documentmanager.h shell/documents/documentmanager.cpp
  shell/dialogs/splitsheetdialog.h shell/dialogs/splitsheetdialog.cpp
  shell/dialogs/helpwindow.h shell/dialogs/helpwindow.cpp
  shell/dialogs/tracedialog.h shell/dialogs/tracedialog.cpp
  shell/dialogs/copyframesdialog.h shell/dialogs/copyframesdialog.cpp
  shell/dialogs/interpolatedialog.h shell/dialogs/interpolatedialog.cpp
  shell/docks/spritespanel.h shell/docks/spritespanel.cpp
  shell/docks/shapespanel.h shell/docks/shapespanel.cpp
  shell/docks/outofsight.h shell/docks/outofsight.cpp
  shell/docks/hitspanel.h shell/docks/hitspanel.cpp
  shell/docks/versuspanel.h shell/docks/versuspanel.cpp shell/docks/versuspanelsource.cpp
  shell/docks/versusopponents.h shell/docks/versusopponents.cpp
  shell/docks/movesetpanel.h shell/docks/movesetpanel.cpp
  shell/docks/framedatapanel.h shell/docks/framedatapanel.cpp
  shell/docks/layerspanel.h shell/docks/layerspanel.cpp
  shell/docks/layerchooser.h shell/docks/layerchooser.cpp
  shell/docks/palettechooser.h shell/docks/palettechooser.cpp
  shell/properties/spriteproperties.h shell/properties/spriteproperties.cpp
  shell/properties/propertiestable.h shell/properties/propertiestable.cpp
  shell/properties/multishapepage.h shell/properties/multishapepage.cpp
  shell/properties/propertypanel.h shell/properties/propertypanel.cpp
  shell/properties/columnfit.h shell/properties/columnfit.cpp
  shell/animation/playback.h shell/animation/playback.cpp
  shell/animation/timelinemodel.h shell/animation/timelinemodel.cpp
  shell/animation/framethumbnail.h shell/animation/framethumbnail.cpp
  shell/animation/framestripdelegate.h shell/animation/framestripdelegate.cpp
  shell/animation/motionfields.h shell/animation/motionfields.cpp
  shell/animation/timelinepanel.h shell/animation/timelinepanel.cpp
  shell/animation/animationactions.h shell/animation/animationactions.cpp
  shell/typingkeys.h shell/typingkeys.cpp
  shell/refusalline.h shell/refusalline.cpp
  shell/mainwindow.h shell/mainwindow.cpp
)
# Headers are included by name, so each group's folder is an include folder of the library.
foreach(group documents dialogs docks properties animation)
  target_include_directories(hitsmith_ui PUBLIC ${CMAKE_CURRENT_LIST_DIR}/${group})
endforeach()
