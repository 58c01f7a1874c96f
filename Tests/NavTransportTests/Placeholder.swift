import Testing
@testable import NavTransport
