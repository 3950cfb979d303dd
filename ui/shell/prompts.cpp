#include "prompts.h"

#include <QColorDialog>
#include <QCoreApplication>
#include <QFileDialog>
#include <QMessageBox>

namespace hitsmith {

Prompts::~Prompts() = default;

Prompts::UnsavedAnswer Prompts::askUnsaved(QWidget *parent, const QString &documentName) {
    const auto button = QMessageBox::warning(
        parent, QCoreApplication::translate("Prompts", "Unsaved Changes"),
        QCoreApplication::translate("Prompts", "Save the changes to \"%1\"?").arg(documentName),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    switch (button) {
    case QMessageBox::Save:
        return UnsavedAnswer::Save;
    case QMessageBox::Discard:
        return UnsavedAnswer::Discard;
    default:
        return UnsavedAnswer::Cancel;
    }
}

void Prompts::showError(QWidget *parent, const QString &title, const QString &message) {
    QMessageBox::critical(parent, title, message);
}

bool Prompts::confirm(QWidget *parent, const QString &title, const QString &message) {
    return QMessageBox::question(parent, title, message, QMessageBox::Yes | QMessageBox::No,
                                 QMessageBox::Yes) == QMessageBox::Yes;
}

bool Prompts::confirmDestructive(QWidget *parent, const QString &title, const QString &message) {
    return QMessageBox::warning(parent, title, message, QMessageBox::Yes | QMessageBox::No,
                                QMessageBox::No) == QMessageBox::Yes;
}

QString Prompts::openFileName(QWidget *parent, const QString &caption, const QString &dir,
                              const QString &filter) {
    return QFileDialog::getOpenFileName(parent, caption, dir, filter);
}

QStringList Prompts::openFileNames(QWidget *parent, const QString &caption, const QString &dir,
                                   const QString &filter) {
    return QFileDialog::getOpenFileNames(parent, caption, dir, filter);
}

QString Prompts::saveFileName(QWidget *parent, const QString &caption, const QString &dir,
                              const QString &filter) {
    return QFileDialog::getSaveFileName(parent, caption, dir, filter);
}

QColor Prompts::pickColor(QWidget *parent, const QColor &initial, const QString &title) {
    return QColorDialog::getColor(initial, parent, title);
}

} // namespace hitsmith
