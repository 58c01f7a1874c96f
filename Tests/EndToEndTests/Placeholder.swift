import Testing
@testable import NavClient
