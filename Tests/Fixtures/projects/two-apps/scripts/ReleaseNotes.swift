import Foundation

// Run with `swift scripts/ReleaseNotes.swift` to print the changes since the last tag.
let arguments = CommandLine.arguments.dropFirst()
print(arguments.joined(separator: " "))
