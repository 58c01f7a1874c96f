// Index data written by Xcode.
final class IndexedViewController {}
