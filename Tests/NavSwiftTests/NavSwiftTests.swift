import NavSource
import Testing

@testable import NavSwift
