# The shell: main window, panels, files, autosave (included by ui/CMakeLists.txt).
target_sources(hitsmith_ui PRIVATE
  shell/prompts.h shell/prompts.cpp
  shell/autosaver.h shell/autosaver.cpp
  shell/documentmanager.h shell/documentmanager.cpp
  shell/splitsheetdialog.h shell/splitsheetdialog.cpp
  shell/tracedialog.h shell/tracedialog.cpp
  shell/spritespanel.h shell/spritespanel.cpp
  shell/shapespanel.h shell/shapespanel.cpp
  shell/spriteproperties.h shell/spriteproperties.cpp
  shell/propertiestable.h shell/propertiestable.cpp
  shell/multishapepage.h shell/multishapepage.cpp
  shell/propertypanel.h shell/propertypanel.cpp
  shell/columnfit.h shell/columnfit.cpp
  shell/hitspanel.h shell/hitspanel.cpp
  shell/versuspanel.h shell/versuspanel.cpp
  shell/layerspanel.h shell/layerspanel.cpp
  shell/layerchooser.h shell/layerchooser.cpp
  shell/playback.h shell/playback.cpp
  shell/timelinemodel.h shell/timelinemodel.cpp
  shell/framestripdelegate.h shell/framestripdelegate.cpp
  shell/timelinepanel.h shell/timelinepanel.cpp
  shell/copyframesdialog.h shell/copyframesdialog.cpp
  shell/interpolatedialog.h shell/interpolatedialog.cpp
  shell/animationactions.h shell/animationactions.cpp
  shell/typingkeys.h shell/typingkeys.cpp
  shell/mainwindow.h shell/mainwindow.cpp
)
