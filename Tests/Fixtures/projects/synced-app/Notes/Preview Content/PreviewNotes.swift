import Foundation

enum PreviewNotes {
    static let sample = ["Groceries", "Ideas"]
}
