// The editor's File > Open of a document, as a user waits for it: DocumentManager::openFile
// (reading, telling the format, parsing, the reset with the collision worlds, every panel's
// answer to the reset) and then the events it leaves queued, in a full MainWindow on the
// offscreen platform. Each opening follows a New, so each replaces an empty document. Prints the
// wall clock of both parts and the CPU time of the process over them, opening after opening.
//
//   QT_QPA_PLATFORM=offscreen ./bench_editor_open FILE [openings]

#include "documentmanager.h"
#include "mainwindow.h"

#include <QApplication>
#include <QStandardPaths>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>

namespace {

double cpuMs() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

double msBetween(std::chrono::steady_clock::time_point a, std::chrono::steady_clock::time_point b) {
    return std::chrono::duration<double, std::milli>(b - a).count();
}

} // namespace

int main(int argc, char **argv) {
    QStandardPaths::setTestModeEnabled(true); // recent files and settings stay out of the user's
    QApplication app(argc, argv);
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_editor_open FILE [openings]\n");
        return 2;
    }
    const QString file = QString::fromLocal8Bit(argv[1]);
    const int openings = argc > 2 ? std::max(1, std::atoi(argv[2])) : 3;
    hitsmith::MainWindow window;
    window.resize(1600, 1000);
    window.show();
    QApplication::processEvents();
    for (int i = 0; i < openings; ++i) {
        window.documents()->newDocument();
        QApplication::processEvents();
        const double cpu = cpuMs();
        const auto start = std::chrono::steady_clock::now();
        const bool opened = window.documents()->openFile(file);
        const auto afterOpen = std::chrono::steady_clock::now();
        QApplication::processEvents();
        QApplication::processEvents();
        const auto end = std::chrono::steady_clock::now();
        if (!opened) {
            std::fprintf(stderr, "cannot open %s\n", argv[1]);
            return 1;
        }
        std::printf("opening %d: openFile %.1f ms, then its events %.1f ms; CPU %.1f ms\n", i + 1,
                    msBetween(start, afterOpen), msBetween(afterOpen, end), cpuMs() - cpu);
    }
    return 0;
}
