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

    @Test("a graceful stop closes an idle connection at once")
    func drainIdle() {
        var m = ConnectionStateMachine()
        do {
            let action = m.closeWhenIdle()
            #expect(action == .close)
        }
        #expect(m.isClosed)
        do {
            let action = m.messagesArrived()
            #expect(action == .none)
        }
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
        do {
            let action = m.closeWhenIdle()
            #expect(action == .none)
        }
        do {
            let action = m.allAnswered()
            #expect(action == .close)
        }
        #expect(m.isClosed)
        do {
            let action = m.allAnswered()
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
        _ = m.closeWhenIdle()
        #expect(m.state == .busyThenClose(.shutDown))
        #expect(m.isShutDown)
        do {
            let action = m.allAnswered()
            #expect(action == .close)
        }
        #expect(!m.isShutDown)
    }

    @Test("exit and malformed input close at once, busy or not, and only once")
    func closeNow() {
        var busy = ConnectionStateMachine()
        _ = busy.messagesArrived()
        do {
            let action = busy.closeNow()
            #expect(action == .close)
        }
        do {
            let action = busy.closeNow()
            #expect(action == .none)
        }
        do {
            let action = busy.allAnswered()
            #expect(action == .none)
        }
        var idle = ConnectionStateMachine()
        do {
            let action = idle.closeNow()
            #expect(action == .close)
        }
        do {
            let action = idle.closeWhenIdle()
            #expect(action == .none)
        }
    }

    @Test("a channel that went away is closed without an action")
    func channelClosed() {
        var m = ConnectionStateMachine()
        _ = m.messagesArrived()
        m.channelClosed()
        #expect(m.isClosed)
        do {
            let action = m.closeNow()
            #expect(action == .none)
        }
        do {
            let action = m.messagesArrived()
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
