#include "prompts.h"

#include <QColorDialog>
#include <QCoreApplication>
#include <QFileDialog>
#include <QInputDialog>
#include <QMessageBox>
#include <QPushButton>

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

void Prompts::showWarning(QWidget *parent, const QString &title, const QString &message) {
    QMessageBox::warning(parent, title, message);
}

bool Prompts::confirm(QWidget *parent, const QString &title, const QString &message) {
    return QMessageBox::question(parent, title, message, QMessageBox::Yes | QMessageBox::No,
                                 QMessageBox::Yes) == QMessageBox::Yes;
}

bool Prompts::confirmDestructive(QWidget *parent, const QString &title, const QString &message) {
    return QMessageBox::warning(parent, title, message, QMessageBox::Yes | QMessageBox::No,
                                QMessageBox::No) == QMessageBox::Yes;
}

bool Prompts::confirmAction(QWidget *parent, const QString &title, const QString &message,
                            const QString &actionText) {
    QMessageBox box(QMessageBox::Question, title, message, QMessageBox::Cancel, parent);
    QPushButton *action = box.addButton(actionText, QMessageBox::AcceptRole);
    box.setDefaultButton(QMessageBox::Cancel);
    box.exec();
    return box.clickedButton() == action;
}

QString Prompts::askText(QWidget *parent, const QString &title, const QString &label,
                         const QString &initial) {
    bool ok = false;
    const QString text =
        QInputDialog::getText(parent, title, label, QLineEdit::Normal, initial, &ok);
    return ok ? text : QString();
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
