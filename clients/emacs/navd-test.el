;;; navd-test.el --- ERT tests of navd.el against the real daemon  -*- lexical-binding: t; -*-

;; emacs --batch -Q -L clients/emacs -l clients/emacs/navd-test.el -f ert-run-tests-batch-and-exit
;; The daemon: $NAVD_BIN, else <repo>/.build/debug/navd; navctl: $NAVCTL_BIN, else
;; <repo>/.build/debug/navctl.  Each test run starts its own daemon
;; on a temporary socket; each transcript is replayed against a fresh one.
;; The language-server tests (lsp-mode against navctl lsp) are in navd-lsp-test.el,
;; loaded at the end of this file.

;;; Code:

(require 'ert)
(require 'navd)

(defconst navd-test--repo
  (expand-file-name "../.." (file-name-directory (or load-file-name buffer-file-name)))
  "The repository root.")

(defun navd-test--binary ()
  "The navd executable."
  (let ((from-env (getenv "NAVD_BIN")))
    (if (and from-env (not (string-empty-p from-env)))
        from-env
      (expand-file-name ".build/debug/navd" navd-test--repo))))

(defun navd-test--start-daemon ()
  "Starts navd on a fresh socket; returns (PROCESS . SOCKET)."
  (let* ((dir (make-temp-file "navd-el-" t))
         (socket (expand-file-name "navd.sock" dir))
         (process (make-process :name "navd-test-daemon"
                                :command (list (navd-test--binary) "--socket" socket)
                                :buffer nil :noquery t
                                :stderr (get-buffer-create " *navd-test-daemon stderr*")))
         (deadline (+ (float-time) 20))
         ready)
    (while (and (not ready) (< (float-time) deadline) (process-live-p process))
      (condition-case nil
          (progn (delete-process (make-network-process :name "navd-probe" :family 'local
                                                       :service socket :noquery t))
                 (setq ready t))
        (file-error (sleep-for 0.02))))
    (unless ready
      (when (process-live-p process) (delete-process process))
      (delete-directory dir t)
      (error "navd did not listen on %s" socket))
    (cons process socket)))

(defun navd-test--stop-daemon (daemon)
  "Stops DAEMON, a (PROCESS . SOCKET) pair."
  (let ((process (car daemon)))
    (when (process-live-p process)
      (signal-process process 'SIGTERM)
      (let ((deadline (+ (float-time) 5)))
        (while (and (process-live-p process) (< (float-time) deadline))
          (accept-process-output process 0.05))))
    (delete-directory (file-name-directory (cdr daemon)) t)))

(defvar navd-test--daemon nil "The daemon shared by the tests.")

(defun navd-test--socket ()
  "The shared daemon's socket (starting it on first use)."
  (unless (and navd-test--daemon (process-live-p (car navd-test--daemon)))
    (setq navd-test--daemon (navd-test--start-daemon)))
  (cdr navd-test--daemon))

(add-hook 'kill-emacs-hook (lambda () (when navd-test--daemon (navd-test--stop-daemon navd-test--daemon))))

(defmacro navd-test--with-connection (var &rest body)
  "Runs BODY with VAR a fresh connection to the shared daemon; the commands use it too."
  (declare (indent 1))
  `(let* ((,var (navd-open (navd-test--socket)))
          (navd--connection ,var)
          (navd--session nil))
     (unwind-protect (progn ,@body)
       (navd-close ,var))))

(defvar navd-test--answered (make-hash-table :test #'equal)
  "Method -> whether the shared daemon answers it.")

(defun navd-test--require (conn &rest methods)
  "Fails the test, saying why, when the daemon answers one of METHODS with -32601.
Every method exists in the daemon this suite runs against, so a missing one is an error."
  (dolist (method methods)
    (let ((known (gethash method navd-test--answered 'unknown)))
      (when (eq known 'unknown)
        (setq known (condition-case err
                        (progn (navd-request method nil conn) t)
                      (navd-error (/= (navd-error-code err) -32601))))
        (puthash method known navd-test--answered))
      (unless known
        (ert-fail (format "the daemon does not answer %s" method))))))

(defun navd-test--two-screens (conn)
  "A session [Settings, General] on CONN (SEMANTICS BT-02)."
  (plist-get (navd-session-create
              (list :screens (vector (list :id "settings" :title "Settings")
                                     (list :id "general" :title "General")))
              conn)
             :sessionId))

(defun navd-test--bar-middle-y (conn sid)
  "The vertical middle of SID's bar."
  (let ((bar (plist-get (navd-bar-layout (list :sessionId sid) conn) :bar)))
    (+ (plist-get bar :y) (/ (plist-get bar :height) 2.0))))

(ert-deftest navd-socket-path-chain ()
  (let ((navd-socket nil)
        (process-environment (copy-sequence process-environment)))
    (setenv "NAVD_SOCKET" "/run/x/navd.sock")
    (setenv "XDG_RUNTIME_DIR" "/run/user/7")
    (should (equal (navd-socket-path) "/run/x/navd.sock"))
    (setenv "NAVD_SOCKET" nil)
    (should (equal (navd-socket-path) "/run/user/7/navd/navd.sock"))
    (setenv "XDG_RUNTIME_DIR" nil)
    (should (equal (navd-socket-path) (format "/tmp/navd-%d/navd.sock" (user-uid))))
    (let ((navd-socket "/elsewhere.sock"))
      (should (equal (navd-socket-path) "/elsewhere.sock")))))

(ert-deftest navd-connect-through-navd-socket ()
  (let ((process-environment (copy-sequence process-environment))
        (navd-socket nil)
        (navd--connection nil))
    (setenv "NAVD_SOCKET" (navd-test--socket))
    (unwind-protect
        (should (string-match-p "sessions" (navd-connect "")))
      (navd-close navd--connection))))

(ert-deftest navd-helper-for-every-method ()
  (navd-test--with-connection conn
    (let ((init (navd-initialize (list :clientInfo (list :name "navd.el-tests")) conn)))
      (should (equal (plist-get init :protocolVersion) 1))
      (seq-doseq (method (plist-get (plist-get init :capabilities) :methods))
        (let ((helper (alist-get method navd-methods nil nil #'equal)))
          (should (and method helper (fboundp helper))))))))

(ert-deftest navd-method-table-is-the-contract ()
  "`navd-methods' holds exactly what docs/openrpc.json says a client sends."
  (let* ((document (with-temp-buffer
                     (insert-file-contents (expand-file-name "docs/openrpc.json" navd-test--repo))
                     (json-parse-buffer :object-type 'alist :false-object nil)))
         (sent nil)
         (notifications nil))
    (seq-doseq (method (alist-get 'methods document))
      (let ((name (alist-get 'name method))
            (sender (alist-get 'x-sender method)))
        (unless (equal sender "daemon") (push name sent))
        (when (equal sender "client") (push name notifications))))
    (should (equal (sort (mapcar #'car navd-methods) #'string<) (sort sent #'string<)))
    (should (equal (sort (copy-sequence navd--notification-methods) #'string<) (sort notifications #'string<)))
    (dolist (entry navd-methods)
      (should (fboundp (cdr entry))))))

(ert-deftest navd-formats-are-the-shared-ones ()
  "Back titles, tints and hits read as clients/formats.json says (docs/clients.md)."
  (let ((cases (with-temp-buffer
                 (insert-file-contents (expand-file-name "clients/formats.json" navd-test--repo))
                 ;; As jsonrpc.el reads a reply: plists, null as nil, false as :json-false.
                 (json-parse-buffer :object-type 'plist :null-object nil :false-object :json-false))))
    (should (> (length (plist-get cases :backTitle)) 0))
    (seq-doseq (c (plist-get cases :backTitle))
      (should (equal (navd-format-back-title (plist-get c :result)) (plist-get c :text))))
    (seq-doseq (c (plist-get cases :tint))
      (should (equal (navd-format-tint (plist-get c :result)) (plist-get c :text))))
    (seq-doseq (c (plist-get cases :hit))
      (should (equal (navd-format-hit (plist-get c :x) (plist-get c :y) (plist-get c :result))
                     (plist-get c :text))))))

(ert-deftest navd-back-title-BT-02 ()
  (navd-test--with-connection conn
    (navd-test--require conn "title/back")
    (let* ((sid (navd-test--two-screens conn))
           (back (navd-title-back (list :sessionId sid) conn)))
      (should (equal (plist-get back :title) "Settings"))
      (should (equal (plist-get back :source) "previousTitle"))
      (should (string-match-p "Back title: ‹ Settings" (navd-back-title sid)))
      (navd-session-close (list :sessionId sid) conn))))

(ert-deftest navd-tint-COL-V03-V14 ()
  (navd-test--with-connection conn
    (navd-test--require conn "tint/resolve")
    (should (equal (plist-get (navd-tint-resolve (list :color "#007AFF" :foreground "automatic") conn) :foreground) "#FFFFFF"))
    (should (equal (plist-get (navd-tint-resolve (list :color "#BABABA" :foreground "automatic") conn) :foreground) "#000000"))
    ;; UIKit's systemBlue by default, whatever the bar colour (COL-1), and the answer says so.
    (should (equal (plist-get (navd-tint-resolve (list :color "#007AFF") conn) :foreground) "#007AFF"))
    (should (equal (plist-get (navd-tint-resolve (list :color "#007AFF") conn) :automaticForeground) "#FFFFFF"))
    (should (string-match-p "#FFFFFF → #007AFF .*foreground uikit)" (navd-tint "#FFFFFF")))
    (let ((sid (navd-test--two-screens conn)))
      (navd-bar-update (list :sessionId sid :appearance (list :barTintColor "#000000")) conn)
      (should (string-match-p "#000000 → #007AFF" (navd-tint sid)))
      (navd-session-configure (list :sessionId sid :policies (list :foreground "automatic")) conn)
      (should (string-match-p "#000000 → #FFFFFF .*foreground automatic)" (navd-tint sid)))
      (navd-session-close (list :sessionId sid) conn))))

(ert-deftest navd-hit-test-back-button ()
  (navd-test--with-connection conn
    (navd-test--require conn "bar/layout" "bar/hitTest")
    (let* ((sid (navd-test--two-screens conn))
           (y (navd-test--bar-middle-y conn sid))
           (hit (navd-bar-hit-test (list :sessionId sid :point (list :x 15 :y y)) conn)))
      (should (equal (plist-get (plist-get hit :target) :kind) "backButton"))
      (should (equal (plist-get (plist-get hit :action) :to) "settings"))
      (should (string-match-p "backButton.*pop to settings" (navd-hit-test 15 y sid)))
      (navd-session-close (list :sessionId sid) conn))))

(ert-deftest navd-closing-one-connection-keeps-the-other ()
  (navd-test--with-connection conn
    (let ((other (navd-open (navd-test--socket))))
      (should (plist-get (navd-daemon-status nil other) :version))
      (navd-close other)
      (should (jsonrpc-running-p conn))
      (should (plist-get (navd-daemon-status nil conn) :version)))))

(ert-deftest navd-errors-signal-navd-error ()
  (navd-test--with-connection conn
    (let ((err (should-error (navd-stack-get (list :sessionId "no-such-session") conn) :type 'navd-error)))
      (should (= (navd-error-code err) 1001)))
    (let* ((sid (navd-test--two-screens conn))
           (err (should-error (navd-session-configure (list :sessionId sid :device (list :width "wide")) conn)
                              :type 'navd-error)))
      (should (= (navd-error-code err) -32602))
      (should (equal (plist-get (navd-error-data err) :path) "device.width"))
      (navd-session-close (list :sessionId sid) conn))
    (should (= (navd-error-code (should-error (navd-request "no/such/method" nil conn) :type 'navd-error))
               -32601))))

(ert-deftest navd-notifications-arrive-before-the-reply ()
  (navd-test--with-connection conn
    (let* ((seen nil)
           (navd-notification-functions
            (list (lambda (c method params) (when (eq c conn) (push (cons method params) seen)))))
           (sid (navd-test--two-screens conn)))
      (navd-session-subscribe (list :sessionId sid) conn)
      (let ((pushed (navd-stack-push (list :sessionId sid :screen (list :id "third" :title "Third")) conn)))
        (should seen)
        (should (equal (car (car seen)) "session/didChange"))
        (should (equal (plist-get (cdr (car seen)) :version) (plist-get pushed :version)))
        (should (seq-find (lambda (change) (and (equal (plist-get change :kind) "title")
                                                (equal (plist-get (plist-get change :backTitle) :title) "General")))
                          (plist-get (cdr (car seen)) :changes))))
      (navd-session-close (list :sessionId sid) conn))))

(ert-deftest navd-watch-lists-notifications ()
  (navd-test--with-connection conn
    (let ((sid (navd-test--two-screens conn))
          (navd--watched nil))
      (when (get-buffer "*navd-notifications*") (kill-buffer "*navd-notifications*"))
      (navd-watch sid)
      (navd-stack-pop (list :sessionId sid) conn)
      (with-current-buffer "*navd-notifications*"
        (should (string-match-p "session/didChange v[0-9]+ stack pop general" (buffer-string))))
      (navd-session-close (list :sessionId sid) conn))))

;;; A watched session's diagnostics

(defun navd-test--wait (predicate &optional seconds)
  "Waits up to SECONDS (default 20) for PREDICATE, reading process output meanwhile."
  (let ((deadline (+ (float-time) (or seconds 20))))
    (while (and (not (funcall predicate)) (< (float-time) deadline))
      (accept-process-output nil 0.02))
    (funcall predicate)))

(ert-deftest navd-diagnostics-follow-a-session ()
  (navd-test--with-connection conn
    (let* ((sid (plist-get (navd-session-create
                            (list :screens (vector (list :id "a" :title "Inbox")
                                                   (list :id "b" :title "Message" :backAction "custom")))
                            conn)
                           :sessionId))
           (buffer (navd-diagnostics sid conn)))
      (unwind-protect
          (with-current-buffer buffer
            (should (derived-mode-p 'navd-diagnostics-mode))
            (should (string-match-p "^b: warning: .*\\[custom-back-unreachable\\]$" (buffer-string)))
            (should (navd-test--wait (lambda () (= (length (flymake-diagnostics)) 1))))
            (navd-screen-update (list :sessionId sid :screenId "b"
                                      :changes (list :item (list :leftItems (vector (list :id "x" :title "X")))))
                                conn)
            (should (navd-test--wait (lambda () (string-match-p "pop-gesture-disabled" (buffer-string)))))
            (should (string-match-p "^b/x: warning: .*\\[touch-target-small\\]$" (buffer-string)))
            (should (string-match-p "^session .* v1: 2 diagnostics$" (buffer-string)))
            (should (navd-test--wait (lambda () (= (length (flymake-diagnostics)) 2))))
            (should (equal (mapcar #'flymake-diagnostic-type (flymake-diagnostics)) '(:warning :warning)))
            ;; Another connection's change arrives as a notification too.
            (let ((other (navd-open (navd-test--socket))))
              (unwind-protect
                  (navd-stack-push (list :sessionId sid :screen (list :id "c" :title "C")) other)
                (navd-close other)))
            (should (navd-test--wait (lambda () (string-match-p "v2: no diagnostics" (buffer-string)))))
            (should (navd-test--wait (lambda () (null (flymake-diagnostics)))))
            (navd-session-close (list :sessionId sid) conn)
            (should (navd-test--wait (lambda () (string-match-p ": closed$" (buffer-string))))))
        (kill-buffer buffer)))))

;;; Golden transcripts

(defun navd-test--plist-p (value)
  "True when VALUE is a (non-empty) plist as jsonrpc.el reads objects."
  (and (consp value) (keywordp (car value))))

(defun navd-test--equal (a b)
  "JSON equality on jsonrpc.el values: objects unordered, numbers by value, null = absent."
  (cond ((and (numberp a) (numberp b)) (= a b))
        ((or (navd-test--plist-p a) (navd-test--plist-p b))
         (and (listp a) (listp b)
              (cl-loop for (k v) on a by #'cddr always (navd-test--equal v (plist-get b k)))
              (cl-loop for (k v) on b by #'cddr always (navd-test--equal v (plist-get a k)))))
        ((and (vectorp a) (vectorp b))
         (and (= (length a) (length b)) (cl-every #'navd-test--equal a b)))
        (t (equal a b))))

(defun navd-test--normaliser (rules)
  "A normaliser for RULES (a plist :volatile :ids): a closure (VALUE) -> normalised VALUE."
  (let ((volatile (append (plist-get rules :volatile) nil))
        (ids (append (plist-get rules :ids) nil))
        (bound (make-hash-table :test #'equal))
        (counts (make-hash-table :test #'equal)))
    (cl-labels ((walk (value parent)
                  (cond ((navd-test--plist-p value)
                         (cl-loop for (k v) on value by #'cddr
                                  for name = (substring (symbol-name k) 1)
                                  append (list k (cond ((or (member name volatile)
                                                            (member (concat parent "." name) volatile))
                                                        "<volatile>")
                                                       ((and (member name ids) (or (stringp v) (integerp v)))
                                                        (let ((id (list name v)))
                                                          (or (gethash id bound)
                                                              (puthash id (format "<%s:%d>" name
                                                                                  (puthash name (1+ (gethash name counts 0)) counts))
                                                                       bound))))
                                                       (t (walk v name))))))
                        ((vectorp value) (apply #'vector (mapcar (lambda (v) (walk v parent)) value)))
                        (t value))))
      (list (lambda (value) (walk value ""))
            bound))))

(defun navd-test--restore (value bound)
  "VALUE (parsed as hash tables) with the placeholders in BOUND replaced by actual values."
  (cond ((stringp value)
         (or (cl-loop for id being the hash-keys of bound using (hash-values placeholder)
                      when (equal placeholder value) return (cadr id))
             value))
        ((hash-table-p value)
         (let ((copy (make-hash-table :test #'equal)))
           (maphash (lambda (k v) (puthash k (navd-test--restore v bound) copy)) value)
           copy))
        ((vectorp value) (apply #'vector (mapcar (lambda (v) (navd-test--restore v bound)) value)))
        (t value)))

(defun navd-test--replay (file)
  "Replays the transcript FILE against a fresh daemon; fails the test on a difference."
  (let* ((text (with-temp-buffer (insert-file-contents file) (buffer-string)))
         (as-plist (json-parse-string text :object-type 'plist :null-object nil :false-object :json-false))
         (as-hash (json-parse-string text :object-type 'hash-table :null-object nil :false-object :json-false))
         (steps (plist-get as-plist :steps))
         (raw-steps (gethash "steps" as-hash))
         (normaliser (navd-test--normaliser (plist-get as-plist :normalise)))
         (normalise (car normaliser))
         (bound (cadr normaliser))
         (daemon (navd-test--start-daemon))
         (conn (navd-open (cdr daemon)))
         (received nil)
         (navd-notification-functions
          (list (lambda (c method params)
                  (when (eq c conn)
                    (setq received (append received (list (list :jsonrpc "2.0" :method method :params params)))))))))
    (unwind-protect
        (progn
          (should (alist-get (plist-get as-plist :method) navd-methods nil nil #'equal))
          (cl-loop
           for step across steps
           for raw across raw-steps
           for index from 0
           do (if (plist-member step :send)
                  (let* ((send (navd-test--restore (gethash "send" raw) bound))
                         (method (gethash "method" send))
                         (params (or (gethash "params" send) (make-hash-table)))
                         (id (gethash "id" send 'absent)))
                    (if (eq id 'absent)
                        (jsonrpc-notify conn (intern method) params)
                      (let ((reply (condition-case oops
                                       (list :result (jsonrpc-request conn (intern method) params :timeout 10))
                                     (jsonrpc-error
                                      (let ((d (cdr oops)))
                                        (list :error (append (list :code (alist-get 'jsonrpc-error-code d)
                                                                   :message (alist-get 'jsonrpc-error-message d))
                                                             (and (alist-get 'jsonrpc-error-data d)
                                                                  (list :data (alist-get 'jsonrpc-error-data d))))))))))
                        (setq received (append received (list (append (list :jsonrpc "2.0" :id id) reply)))))))
                (let ((expected (plist-get step :receive))
                      (actual (pop received)))
                  (unless (navd-test--equal (funcall normalise actual) expected)
                    (ert-fail (list (format "%s: step %d differs" (plist-get as-plist :method) index)
                                    :expected expected :actual (funcall normalise actual))))))))
      (navd-close conn)
      (navd-test--stop-daemon daemon))))

(defconst navd-test--examples
  (let ((dir (expand-file-name "docs/protocol/examples" navd-test--repo)))
    (and (file-directory-p dir) (directory-files dir t "\\.json\\'")))
  "The golden transcripts.")

(ert-deftest navd-there-are-transcripts ()
  (should navd-test--examples))

(dolist (file navd-test--examples)
  (let ((name (intern (concat "navd-transcript-" (file-name-base file)))))
    (eval `(ert-deftest ,name () (navd-test--replay ,file)) t)))

(ert-deftest navd-refuses-a-foreign-socket ()
  "A socket, or a socket directory, another user owns is refused before connecting."
  (let* ((base (make-temp-file "navd-foreign-" t))
         (theirs (expand-file-name "theirs" base))
         (socket (expand-file-name "navd.sock" theirs))
         server)
    (unwind-protect
        (progn
          (make-directory theirs)
          (set-file-modes theirs #o755)
          (setq server (make-network-process :name "navd-foreign-server" :family 'local
                                             :service socket :server t :noquery t))
          (should (zerop (call-process "chown" nil nil nil "65534:65534" socket)))
          (let ((err (should-error (navd-open socket))))
            (should (string-match-p "the socket belongs to uid 65534, not to you" (cadr err))))
          (should (zerop (call-process "chown" nil nil nil (format "%d:%d" (user-uid) (group-gid)) socket)))
          (should (zerop (call-process "chown" nil nil nil "65534:65534" theirs)))
          (let ((err (should-error (navd-open socket))))
            (should (string-match-p "its directory .* belongs to uid 65534" (cadr err)))))
      (when server (delete-process server))
      (delete-directory base t))))

;;; Starting navd on demand

(defmacro navd-test--with-fresh-socket (var &rest body)
  "Runs BODY with VAR a socket path in a fresh temporary directory.
The directory is removed afterwards.  $NAVD_BIN names the daemon under test,
whatever the environment said."
  (declare (indent 1))
  `(let* ((,var (expand-file-name "navd.sock" (make-temp-file "navd-el-auto-" t)))
          (process-environment (copy-sequence process-environment)))
     (setenv "NAVD_BIN" (navd-test--binary))
     (unwind-protect (progn ,@body)
       (delete-directory (file-name-directory ,var) t))))

(defun navd-test--daemon-pid (socket)
  "The pid `daemon/status' reports through a new connection to SOCKET."
  (let ((conn (navd-open socket)))
    (unwind-protect (plist-get (navd-daemon-status nil conn) :pid)
      (navd-close conn))))

(defun navd-test--terminate (pid socket)
  "Stops the daemon PID and waits until it removed SOCKET."
  (signal-process pid 'term)
  (let ((deadline (+ (float-time) 5)))
    (while (and (file-exists-p socket) (< (float-time) deadline))
      (sleep-for 0.02))))

(ert-deftest navd-autostart-starts-a-detached-daemon ()
  "Nothing answers on a fresh socket: `navd-open' starts navd there, and it outlives the connection."
  (navd-test--with-fresh-socket socket
    (let ((navd-autostart t)
          pid)
      (unwind-protect
          (progn
            (setq pid (navd-test--daemon-pid socket))
            (should (integerp pid))
            ;; No Emacs process, and a session of its own: Emacs neither kills nor hangs up on it.
            (should-not (seq-find (lambda (p) (eql (process-id p) pid)) (process-list)))
            (let ((emacs-session (alist-get 'sess (process-attributes (emacs-pid))))
                  (daemon-session (alist-get 'sess (process-attributes pid))))
              (when (and emacs-session daemon-session)
                (should (/= daemon-session emacs-session))))
            (let ((navd-autostart nil))
              (should (equal (navd-test--daemon-pid socket) pid))))
        (when pid (navd-test--terminate pid socket))))))

(ert-deftest navd-autostart-replaces-a-stale-socket ()
  "A socket nobody listens on (a daemon that died) is refused, so navd is started there."
  (navd-test--with-fresh-socket socket
    (delete-process (make-network-process :name "navd-dead-server" :family 'local
                                          :service socket :server t :noquery t))
    (should (file-exists-p socket))
    (let ((navd-autostart nil))
      (should-error (navd-open socket) :type 'file-error))
    (let ((navd-autostart t)
          pid)
      (unwind-protect
          (progn
            (setq pid (navd-test--daemon-pid socket))
            (should (integerp pid)))
        (when pid (navd-test--terminate pid socket))))))

(ert-deftest navd-autostart-off-connects-as-before ()
  "With `navd-autostart' nil, a socket nobody serves fails to connect and nothing is started."
  (navd-test--with-fresh-socket socket
    (let ((navd-autostart nil))
      (should-error (navd-open socket) :type 'file-missing)
      (should-not (file-exists-p socket))
      (should-not (directory-files (file-name-directory socket) nil directory-files-no-dot-files-regexp)))))

(ert-deftest navd-autostart-default-follows-the-environment ()
  "NAVD_AUTOSTART=0 (or false, no, off) makes `navd-autostart' default to nil; unset or 1, to t."
  (dolist (case '(("0" . nil) ("off" . nil) ("1" . t) (nil . t)))
    (let ((process-environment (if (car case)
                                   (cons (concat "NAVD_AUTOSTART=" (car case)) process-environment)
                                 (cons "NAVD_AUTOSTART" process-environment))))
      (should (eq (eval (car (get 'navd-autostart 'standard-value)) t) (cdr case))))))

(ert-deftest navd-autostart-without-navd ()
  "No navd to start: an error naming `navd-program' and `navd-autostart'; nothing is started."
  (navd-test--with-fresh-socket socket
    (let ((navd-autostart t)
          (navd-program "/nonexistent/navd"))
      (setenv "NAVD_BIN" nil)
      (let ((err (should-error (navd-open socket))))
        (should (string-match-p "navd not found .*navd-program.*navd-autostart" (error-message-string err))))
      (setenv "NAVD_BIN" "/nonexistent/navd")
      (let ((err (should-error (navd-open socket))))
        (should (string-match-p "navd not found (\\$NAVD_BIN is /nonexistent/navd" (error-message-string err))))
      (should-not (file-exists-p socket)))))

(ert-deftest navd-autostart-gives-up-on-a-daemon-that-does-not-serve ()
  "A started program that never serves: an error after `navd-autostart-timeout' seconds."
  (navd-test--with-fresh-socket socket
    (setenv "NAVD_BIN" (executable-find "true"))
    (let* ((navd-autostart t)
           (navd-autostart-timeout 0.3)
           (err (should-error (navd-open socket))))
      (should (string-match-p "started navd on .*, but it did not serve within 0.3 s (.*); run .navd --socket"
                              (error-message-string err))))))

;;; The language server through lsp-mode

;; navd-lsp-test.el needs lsp-mode; when it cannot load, that is one failing test here,
;; and the tests above still run.
(condition-case err
    (require 'navd-lsp-test)
  (error
   (ert-deftest navd-lsp-tests-load ()
     (ert-fail (format "navd-lsp-test.el did not load: %s" (error-message-string err))))))

(provide 'navd-test)
;;; navd-test.el ends here
