import Testing
@testable import NavServer
