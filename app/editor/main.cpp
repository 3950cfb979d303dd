#include "mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
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
    QTimer::singleShot(0, window, [window, files] {
        const int restored = window->offerRecovery();
        // A file named on the command line is still opened (asking first if work was restored).
        if (!files.isEmpty())
            window->openFile(files.first());
        Q_UNUSED(restored)
    });
    return app.exec();
}
