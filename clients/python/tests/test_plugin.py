"""The pytest plugin as its users meet it: fixtures, options and the navd_method marker."""


def test_fixtures_against_a_running_daemon(pytester, navd_daemon):
    pytester.makepyfile("""
        def test_session(navd_client, navd_session):
            navd_client.stack_set(navd_session, [{"id": "a", "title": "Inbox"}, {"id": "b", "title": "Mail"}])
            assert navd_client.title_back(navd_session)["title"] == "Inbox"

        def test_daemon(navd_daemon):
            assert navd_daemon.socket_path
    """)
    result = pytester.runpytest("--navd-socket", navd_daemon.socket_path)
    result.assert_outcomes(passed=2)


def test_sessions_are_closed_after_each_test(pytester, navd_daemon, navd_client):
    before = len(navd_client.session_list()["sessions"])
    pytester.makepyfile("""
        def test_one(navd_session):
            assert navd_session
    """)
    pytester.runpytest("--navd-socket", navd_daemon.socket_path).assert_outcomes(passed=1)
    assert len(navd_client.session_list()["sessions"]) == before


def test_navd_method_marker_skips_unanswered_methods(pytester, navd_daemon):
    pytester.makepyfile("""
        import pytest

        @pytest.mark.navd_method("no/such/method")
        def test_needs_a_missing_method(navd_client):
            raise AssertionError("must not run")

        @pytest.mark.navd_method("title/back")
        def test_needs_title_back(navd_client):
            pass
    """)
    result = pytester.runpytest("-rs", "--navd-socket", navd_daemon.socket_path)
    result.assert_outcomes(passed=1, skipped=1)
    result.stdout.fnmatch_lines(["*the daemon does not answer no/such/method*"])
