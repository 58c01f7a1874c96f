import NavTransport
import Testing

@Suite("The connection state machine, without a socket")
struct ConnectionStateMachineTests {
    @Test("messages make an idle connection busy; answering them all makes it idle again")
    func busyAndIdle() {
        var m = ConnectionStateMachine()
        #expect(m.state == .idle(.serving))
        do {
            let action = m.messagesArrived()
            #expect(action == .handle)
        }
        #expect(m.state == .busy(.serving))
        do {
            let action = m.messagesArrived()
            #expect(action == .handle)
        }
        do {
            let action = m.allAnswered()
            #expect(action == .none)
        }
        #expect(m.state == .idle(.serving))
    }

    @Test("a graceful stop closes an idle connection at once; a later stop finds it closed and does nothing")
    func drainIdle() {
        var m = ConnectionStateMachine()
        do {
            let action = m.closeWhenIdle()
            #expect(action == .close)
        }
        #expect(m.isClosed)
        do {
            let action = m.closeWhenIdle()
            #expect(action == .none)
        }
        #expect(m.isClosed)
    }

    @Test("a graceful stop lets a busy connection answer what it holds, then closes it")
    func drainBusy() {
        var m = ConnectionStateMachine()
        _ = m.messagesArrived()
        do {
            let action = m.closeWhenIdle()
            #expect(action == .none)
        }
        #expect(m.state == .busyThenClose(.serving))
        #expect(!m.isClosed)
        // The peer finishing its side and a stop may both come: the second changes nothing.
        do {
            let action = m.closeWhenIdle()
            #expect(action == .none)
        }
        // Messages still arrive from what was read before.
        do {
            let action = m.messagesArrived()
            #expect(action == .handle)
        }
        #expect(m.state == .busyThenClose(.serving))
        do {
            let action = m.allAnswered()
            #expect(action == .close)
        }
        #expect(m.isClosed)
        do {
            let action = m.closeWhenIdle()
            #expect(action == .none)
        }
    }

    @Test("after shutdown only exit is accepted, in every state, until the connection closes")
    func shutDownMode() {
        var m = ConnectionStateMachine()
        _ = m.messagesArrived()
        #expect(!m.isShutDown)
        m.shutdownAnswered()
        #expect(m.isShutDown)
        #expect(m.state == .busy(.shutDown))
        _ = m.allAnswered()
        #expect(m.state == .idle(.shutDown))
        _ = m.messagesArrived()
        #expect(m.state == .busy(.shutDown))
        _ = m.closeWhenIdle()
        #expect(m.state == .busyThenClose(.shutDown))
        #expect(m.isShutDown)
        do {
            let action = m.allAnswered()
            #expect(action == .close)
        }
        #expect(!m.isShutDown)
    }

    @Test("a shutdown answered while the connection is to close once idle keeps both")
    func shutDownWhileClosing() {
        var m = ConnectionStateMachine()
        _ = m.messagesArrived()
        _ = m.closeWhenIdle()
        m.shutdownAnswered()
        #expect(m.state == .busyThenClose(.shutDown))
        do {
            let action = m.allAnswered()
            #expect(action == .close)
        }
    }

    @Test("exit and malformed input close at once, busy, closing or idle", arguments: [0, 1, 2])
    func closeNow(_ busyness: Int) {
        var m = ConnectionStateMachine()
        if busyness > 0 { _ = m.messagesArrived() }
        if busyness > 1 { _ = m.closeWhenIdle() }
        do {
            let action = m.closeNow()
            #expect(action == .close)
        }
        #expect(m.isClosed)
        // A stop that comes after finds nothing to do.
        do {
            let action = m.closeWhenIdle()
            #expect(action == .none)
        }
    }

    @Test("a channel that went away is closed, from any state, without an action", arguments: [0, 1, 2, 3])
    func channelClosed(_ from: Int) {
        var m = ConnectionStateMachine()
        if from > 0 { _ = m.messagesArrived() }
        if from > 1 { _ = m.closeWhenIdle() }
        if from > 2 { _ = m.closeNow() }
        m.channelClosed()
        #expect(m.isClosed)
        m.channelClosed()
        #expect(m.isClosed)
        do {
            let action = m.closeWhenIdle()
            #expect(action == .none)
        }
    }

    @Test("reads pass while reading; while paused one is remembered and issued on resume")
    func readGate() {
        var g = ReadGate()
        do {
            let action = g.readRequested()
            #expect(action)
        }
        do {
            let action = g.resume()
            #expect(!action)
        }
        g.pause()
        #expect(g.state == .paused(readPending: false))
        do {
            let action = g.resume()
            #expect(!action)
        }
        #expect(g.state == .reading)
        g.pause()
        do {
            let action = g.readRequested()
            #expect(!action)
        }
        do {
            let action = g.readRequested()
            #expect(!action)
        }
        #expect(g.state == .paused(readPending: true))
        g.pause()
        #expect(g.state == .paused(readPending: true))
        do {
            let action = g.resume()
            #expect(action)
        }
        do {
            let action = g.readRequested()
            #expect(action)
        }
    }
}
