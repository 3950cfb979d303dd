#include "mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QPixmap>
#include <QTimer>

int main(int argc, char *argv[]) {
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("Hitsmith"));
    QApplication::setApplicationName(QStringLiteral("Hitsmith"));
    QApplication::setApplicationDisplayName(QStringLiteral("Hitsmith"));
    QApplication::setApplicationVersion(QStringLiteral(HITSMITH_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QApplication::translate("main", "Hitbox editor for game sprites"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("file"),
                                 QApplication::translate("main", "A document to open."),
                                 QStringLiteral("[FILE]"));
    parser.process(app);

    auto *window = new hitsmith::MainWindow;
    window->setAttribute(Qt::WA_DeleteOnClose);
    window->show();
    const QStringList files = parser.positionalArguments();
    // After the event loop starts, so message boxes have a shown window to sit on.
    QTimer::singleShot(0, window, [window, files] { window->startUp(files); });
    // For README screenshots and visual checks under Xvfb or offscreen: grab the window and quit.
    const QString grabPath = qEnvironmentVariable("HITSMITH_GRAB");
    if (!grabPath.isEmpty()) {
        // HITSMITH_GRAB_DELAY_MS leaves time to click around first (xdotool under Xvfb).
        const int delayMs = qEnvironmentVariableIsSet("HITSMITH_GRAB_DELAY_MS")
                                ? qEnvironmentVariableIntValue("HITSMITH_GRAB_DELAY_MS")
                                : 1500;
        QTimer::singleShot(delayMs, window, [window, grabPath] {
            window->grab().save(grabPath);
            QApplication::exit(0);
        });
    }
    return app.exec();
}
