import Testing
@testable import NavProtocol
