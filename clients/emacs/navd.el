;;; navd.el --- Client for navd, live models of iOS navigation bars  -*- lexical-binding: t; -*-

;; Version: 0.1.0
;; Package-Requires: ((emacs "27.1") (jsonrpc "1.0.9"))
;; Keywords: tools, processes

;;; Commentary:

;; navd is a daemon that keeps headless models of iOS navigation stacks and
;; answers questions about them over JSON-RPC on a Unix socket: what the back
;; button says, which foreground a bar colour needs, who receives a tap.
;;
;; This package talks to it through Emacs's own jsonrpc.el (Content-Length
;; framing, which navd serves on the same socket as NDJSON).
;;
;;   (add-to-list 'load-path "/path/to/navd/clients/emacs")
;;   (require 'navd)
;;
;; Commands: `navd-connect', `navd-back-title', `navd-tint', `navd-hit-test'
;; (answers in the echo area), `navd-watch' (a live list of a session's
;; notifications in the buffer *navd-notifications*) and `navd-diagnostics'
;; (a live session's diagnostics, one a line, marked by Flymake).
;;
;; Source files and session documents (*.navd.json) get their diagnostics,
;; hovers, code lenses and quick fixes from navd's language server,
;; `navctl lsp': see navd-lsp.el.
;;
;; When nothing answers on the socket, the first connection starts navd there
;; (`navd-program', or $NAVD_BIN), detached so that it outlives Emacs, and
;; waits for it to serve; `navd-autostart' turns that off.
;;
;; From Lisp: `navd-request' and one helper per method, named after it:
;; (navd-title-back (list :sessionId SID)) for title/back, and so on (see
;; `navd-methods').  Params are plists with the wire names; results are plists
;; as jsonrpc.el reads them (null and {} are nil, false is :json-false).

;;; Code:

(require 'cl-lib)
(require 'flymake)
(require 'jsonrpc)
(require 'subr-x)
;; `navd-methods' and one function per method, generated from docs/openrpc.json.
(require 'navd-methods)

(defgroup navd nil
  "Client for the navd navigation-bar daemon."
  :group 'tools
  :prefix "navd-")

(defcustom navd-socket nil
  "The socket navd listens on; nil follows `navd-socket-path'."
  :type '(choice (const :tag "Default" nil) file))

(defcustom navd-request-timeout 10
  "Seconds a request waits for its reply."
  :type 'number)

(defcustom navd-autostart
  (not (member (downcase (or (getenv "NAVD_AUTOSTART") "")) '("0" "false" "no" "off")))
  "Whether `navd-open' starts navd when nothing answers on the socket.
The default is t unless NAVD_AUTOSTART is 0, false, no or off in the environment.
Nothing answers when there is no socket file, or when the one there is stale
\(a daemon that died).  The daemon, `navd-program' run as
\"navd --socket PATH\", is detached from Emacs and outlives it; stop it with
SIGTERM.  A socket another user owns is refused, never replaced.
nil: a connection fails as it would without this."
  :type 'boolean)

(defcustom navd-program "navd"
  "The navd executable `navd-autostart' runs: a file, or a name to look up.
Names are looked up on the variable `exec-path'.  $NAVD_BIN, when set, takes
precedence."
  :type 'string)

(defcustom navd-autostart-timeout 10
  "Seconds `navd-open' waits for a daemon it started to serve."
  :type 'number)

(defvar navd-notification-functions nil
  "Functions called with (CONNECTION METHOD PARAMS) for every notification.
METHOD is a string; PARAMS a plist.")

(defvar navd--connection nil
  "The connection the commands use.")

(defvar navd--session nil
  "The session the commands used last.")

(defvar navd--watched nil
  "Sessions `navd-watch' subscribed to, as (CONNECTION . SESSION-ID) pairs.")

(defun navd-socket-path ()
  "The socket navd listens on by default.
`navd-socket', else $NAVD_SOCKET, else $XDG_RUNTIME_DIR/navd/navd.sock,
else /tmp/navd-UID/navd.sock."
  (let ((explicit (getenv "NAVD_SOCKET"))
        (runtime (getenv "XDG_RUNTIME_DIR")))
    (cond (navd-socket navd-socket)
          ((and explicit (not (string-empty-p explicit))) explicit)
          ((and runtime (not (string-empty-p runtime)))
           (expand-file-name "navd/navd.sock" runtime))
          (t (format "/tmp/navd-%d/navd.sock" (user-uid))))))

(defun navd--dispatch-notification (connection method params)
  "Hands CONNECTION's notification METHOD (a symbol) with PARAMS to the hook.
The hook is `navd-notification-functions'."
  (run-hook-with-args 'navd-notification-functions connection (symbol-name method) params))

(defun navd--refuse-request (_connection method _params)
  "navd sends no requests; answer METHOD with an error."
  (signal 'jsonrpc-error `((jsonrpc-error-code . -32601)
                           (jsonrpc-error-message . ,(format "%s: not a client method" method)))))

(defun navd--foreign-socket (path)
  "Why PATH must not be trusted, or nil: it, or its directory, belongs to another user.
Another user's program could be posing as navd there, or could replace the socket.  A
sticky directory such as /tmp is not held against it; a missing socket is left to connect."
  (let ((me (user-uid))
        (attributes (file-attributes path 'integer)))
    (when attributes
      (let* ((owner (file-attribute-user-id attributes))
             (directory (directory-file-name (file-name-directory (expand-file-name path))))
             (dir-attributes (file-attributes directory 'integer))
             (dir-owner (and dir-attributes (file-attribute-user-id dir-attributes)))
             (sticky (and dir-attributes (eq (aref (file-attribute-modes dir-attributes) 9) ?t))))
        (cond ((/= owner me)
               (format "refusing %s: the socket belongs to uid %d, not to you (uid %d)" path owner me))
              ((and dir-owner (/= dir-owner me) (not sticky))
               (format "refusing %s: its directory %s belongs to uid %d, not to you (uid %d)"
                       path directory dir-owner me)))))))

(defun navd--make-process (path)
  "A network process connected to the socket PATH.
Signals `file-error' when nothing answers there (`file-missing' when there is
no socket)."
  (make-network-process
   :name (format "navd %s" path)
   :family 'local
   :service path
   :coding 'utf-8-emacs-unix
   :noquery t
   :nowait nil))

(defun navd--startable-p (path err)
  "Whether ERR, a failure to connect to PATH, is one a started daemon would cure.
That is no socket file (nor, perhaps, its directory: navd makes it), or a
socket file nobody listens on; not a file of another kind, nor a denied
permission."
  (let ((attributes (file-attributes path)))
    (if attributes
        (and (eq (aref (file-attribute-modes attributes) 0) ?s)
             (not (eq (car err) 'permission-denied)))
      (eq (car err) 'file-missing))))

(defun navd-executable ()
  "The navd executable `navd-autostart' runs, or nil when there is none.
$NAVD_BIN when set, else `navd-program' (a name is looked up on the variable
`exec-path')."
  (let ((from-env (getenv "NAVD_BIN")))
    (if (and from-env (not (string-empty-p from-env)))
        (let ((file (expand-file-name from-env)))
          (and (file-executable-p file) (not (file-directory-p file)) file))
      (let ((found (and navd-program (not (string-empty-p navd-program))
                        (executable-find navd-program))))
        (and found (expand-file-name found))))))

(defconst navd--start-script
  "exec </dev/null >/dev/null 2>&1 3>&- 4>&- 5>&- 6>&- 7>&- 8>&- 9>&-
if command -v setsid >/dev/null; then setsid \"$1\" --socket \"$2\" & else \"$1\" --socket \"$2\" & fi"
  "The sh script `navd--start' runs with navd and the socket as $1 and $2.
It puts navd in the background, in a session of its own when setsid(1) is
there, and exits.  The daemon gets /dev/null for its standard streams and none
of the descriptors 3 to 9 Emacs may have inherited (a pipe someone waits on
would otherwise wait for the daemon too).")

(defun navd--start (path)
  "Starts navd on the socket PATH (absolute), detached from Emacs.
A short-lived sh starts the daemon in the background and exits, so the daemon
is no Emacs process: Emacs neither waits for it nor kills it on exit.  It runs
in a session of its own (through setsid(1) when there is one, so no hangup
reaches it), with /dev/null for its standard streams and / for its directory.
Should another daemon take PATH first, this one exits with status 1."
  (let ((navd (or (navd-executable)
                  (error (concat "navd not found (%s): set `navd-program' or $NAVD_BIN,"
                                 " or turn off `navd-autostart'")
                         (let ((from-env (getenv "NAVD_BIN")))
                           (if (and from-env (not (string-empty-p from-env)))
                               (format "$NAVD_BIN is %s, not an executable" from-env)
                             (format "`navd-program' is %S, not an executable on `exec-path'"
                                     navd-program))))))
        (default-directory "/"))
    (make-process :name "navd-start"
                  :command (list "/bin/sh" "-c" navd--start-script "navd-start" navd path)
                  :connection-type 'pipe
                  :buffer nil
                  :noquery t
                  :sentinel #'ignore)))

(defun navd--start-and-connect (path err)
  "Starts navd on PATH, where connecting failed with ERR; connects once it serves.
Tries every 25 ms for `navd-autostart-timeout' seconds; signals an error when
it did not serve by then, and ERR again when the failure is one a daemon would
not cure."
  (let ((path (expand-file-name path)))
    (unless (navd--startable-p path err)
      (signal (car err) (cdr err)))
    (navd--start path)
    (let ((deadline (+ (float-time) navd-autostart-timeout))
          process)
      (while (not process)
        (let ((refusal (navd--foreign-socket path)))
          (when refusal (error "%s" refusal)))
        (condition-case failure
            (setq process (navd--make-process path))
          (file-error
           (cond ((not (navd--startable-p path failure))
                  (signal (car failure) (cdr failure)))
                 ((>= (float-time) deadline)
                  (error (concat "started navd on %s, but it did not serve within %s s (%s);"
                                 " run `navd --socket %s' to see why")
                         path navd-autostart-timeout (nth 2 failure) path))
                 (t (sleep-for 0.025))))))
      process)))

(defun navd-open (&optional path)
  "Opens a new connection to navd at PATH (default `navd-socket-path').
Signals an error, before connecting, when the socket or its directory belongs to another user.
When nothing answers at PATH, starts navd there and waits for it (see
`navd-autostart')."
  (let* ((path (or path (navd-socket-path)))
         (refusal (navd--foreign-socket path))
         (process (cond (refusal (error "%s" refusal))
                        (navd-autostart
                         (condition-case err
                             (navd--make-process path)
                           (file-error (navd--start-and-connect path err))))
                        (t (navd--make-process path)))))
    ;; The process name is unique (Emacs numbers duplicates); jsonrpc.el names the connection's
    ;; buffers after it, so two connections to one socket never share (or kill) a buffer.
    (jsonrpc-process-connection
     :name (process-name process)
     :process process
     :notification-dispatcher #'navd--dispatch-notification
     :request-dispatcher #'navd--refuse-request)))

(defun navd-close (connection)
  "Closes CONNECTION."
  (when (and connection (jsonrpc-running-p connection))
    (jsonrpc-shutdown connection t)))

(defun navd--connection (&optional connection)
  "CONNECTION, else the commands' connection (opened on first use)."
  (or connection
      (and navd--connection (jsonrpc-running-p navd--connection) navd--connection)
      (setq navd--connection (navd-open))))

(defun navd--params (params)
  "PARAMS as jsonrpc.el sends them: an empty object rather than null."
  (or params (make-hash-table :size 1)))

(defun navd-request (method &optional params connection)
  "Sends METHOD (a string) with PARAMS (a plist) and returns the result.
An error reply signals `navd-error' with data (CODE MESSAGE DATA)."
  (condition-case oops
      (jsonrpc-request (navd--connection connection) (intern method) (navd--params params)
                       :timeout navd-request-timeout)
    (jsonrpc-error
     (let ((details (cdr oops)))
       (signal 'navd-error
               (list (or (alist-get 'jsonrpc-error-code details) -32603)
                     (or (alist-get 'jsonrpc-error-message details) "no reply")
                     (alist-get 'jsonrpc-error-data details)))))))

(defun navd-notify (method &optional params connection)
  "Sends notification METHOD (a string) with PARAMS (a plist)."
  (jsonrpc-notify (navd--connection connection) (intern method) (navd--params params)))

(define-error 'navd-error "navd error")

(defun navd-error-code (err)
  "The code of ERR, a `navd-error' condition."
  (nth 1 err))

(defun navd-error-message (err)
  "The message of ERR, a `navd-error' condition."
  (nth 2 err))

(defun navd-error-data (err)
  "The data of ERR, a `navd-error' condition."
  (nth 3 err))

;;; Formatting

;; The forms docs/clients.md describes under "Readable forms", the same in
;; every editor client; clients/formats.json holds the cases they share.

(defun navd--number (n)
  "N, briefly."
  (if (floatp n) (string-trim-right (string-trim-right (format "%.4f" n) "0+") "\\.") (format "%s" n)))

(defun navd-format-back-title (back)
  "One line for BACK, a BackTitle plist."
  (let ((title (plist-get back :title))
        (display (plist-get back :display))
        (source (plist-get back :source))
        (menu (plist-get back :menu)))
    (if (equal display "hidden")
        (format "no back button (%s)" source)
      (concat (if title (format "‹ %s" title) "‹")
              (format "  [%s, %s%s]" display source
                      (if (eq (plist-get back :truncated) t) ", truncated" ""))
              (if (> (length menu) 0)
                  (concat "  menu: " (mapconcat #'identity menu ", "))
                "")))))

(defun navd-format-tint (tint)
  "One line for TINT, a TintResult plist, with the foreground policy it used."
  (let ((contrast (plist-get tint :contrast))
        (policy (plist-get tint :foregroundPolicy)))
    (format "%s → %s  (%s, luminance %s, contrast black %s / white %s, %s%s)"
            (plist-get tint :background) (plist-get tint :foreground) (plist-get tint :method)
            (navd--number (plist-get tint :luminance))
            (navd--number (plist-get contrast :black)) (navd--number (plist-get contrast :white))
            (plist-get tint :source)
            (if policy (format ", foreground %s" policy) ""))))

(defun navd-format-hit (x y hit)
  "One line for HIT, the HitResult at X, Y."
  (let* ((target (plist-get hit :target))
         (action (plist-get hit :action))
         (kind (plist-get action :kind)))
    (format "(%s, %s) → %s%s: %s" (navd--number x) (navd--number y)
            (plist-get target :kind)
            (cond ((plist-get target :itemId) (format " %s" (plist-get target :itemId)))
                  ((plist-get target :screenId) (format " (%s)" (plist-get target :screenId)))
                  (t ""))
            (pcase kind
              ("pop" (format "pop to %s" (plist-get action :to)))
              ("itemAction" (format "item action %s" (plist-get action :itemId)))
              ("customBack" "custom back (navigation/backRequested)")
              (_ "no action")))))

;;; Commands

(defun navd--session-ids ()
  "Ids of the daemon's sessions."
  (mapcar (lambda (s) (plist-get s :sessionId))
          (plist-get (navd-session-list) :sessions)))

(defun navd--default-session ()
  "The session last used, else the only one."
  (or navd--session
      (let ((ids (navd--session-ids)))
        (and (= (length ids) 1) (car ids)))))

(defun navd--read-session ()
  "Reads a session id, offering the daemon's sessions."
  (let ((default (navd--default-session)))
    (completing-read (if default (format "Session (default %s): " default) "Session: ")
                     (navd--session-ids) nil nil nil nil default)))

(defun navd--session (session)
  "SESSION, else the default one; remembered for the next command."
  (let ((sid (if (and session (not (string-empty-p session))) session (navd--default-session))))
    (unless sid (user-error "navd: name a session (session/list shows them)"))
    (setq navd--session sid)))

(defmacro navd--reporting (&rest body)
  "Runs BODY, shows its string in the echo area and returns it.
A `navd-error' becomes a message."
  `(condition-case err
       (let ((text (progn ,@body)))
         (message "%s" text)
         text)
     (navd-error
      (message "navd: %s (code %s)" (navd-error-message err) (navd-error-code err))
      nil)))

;;;###autoload
(defun navd-connect (&optional path)
  "Connects the commands to navd at PATH (default `navd-socket-path')."
  (interactive (list (read-file-name "navd socket: " nil (navd-socket-path) t)))
  (when (and navd--connection (jsonrpc-running-p navd--connection))
    (navd-close navd--connection))
  (setq navd--connection (navd-open (if (and path (not (string-empty-p path))) path nil))
        navd--session nil)
  (navd--reporting
   (let ((status (navd-daemon-status)))
     (format "navd %s: %s sessions, %s connections"
             (plist-get status :version) (plist-get status :sessions)
             (plist-get status :connections)))))

;;;###autoload
(defun navd-back-title (session &optional screen)
  "Shows the back title of SESSION's top screen (or SCREEN) in the echo area."
  (interactive (list (navd--read-session) nil))
  (navd--reporting
   (let ((params (list :sessionId (navd--session session))))
     (when (and screen (not (string-empty-p screen)))
       (setq params (append params (list :screenId screen))))
     (concat "Back title: " (navd-format-back-title (navd-title-back params))))))

;;;###autoload
(defun navd-tint (color-or-session &optional screen)
  "Shows the foreground for COLOR-OR-SESSION in the echo area.
A session id gives its top (or SCREEN's) bar; anything else is read as a
colour (#RRGGBB, rgb(...), a system colour name).  Empty: the default session."
  (interactive (list (read-string "Colour or session (empty: the session's bar): ") nil))
  (navd--reporting
   (let* ((arg (or color-or-session ""))
          (params (cond ((string-empty-p arg) (list :sessionId (navd--session nil)))
                        ((member arg (navd--session-ids)) (list :sessionId (navd--session arg)))
                        (t (list :color arg)))))
     (when (and screen (not (string-empty-p screen)))
       (setq params (append params (list :screenId screen))))
     (concat "Tint: " (navd-format-tint (navd-tint-resolve params))))))

;;;###autoload
(defun navd-hit-test (x y &optional session)
  "Shows who receives a tap at X, Y (window points) on SESSION's bar."
  (interactive (list (read-number "x: ") (read-number "y: ") (navd--read-session)))
  (navd--reporting
   (let ((hit (navd-bar-hit-test (list :sessionId (navd--session session)
                                       :point (list :x x :y y)))))
     (concat "Hit: " (navd-format-hit x y hit)))))

(defun navd-format-notification (method params)
  "One line for notification METHOD with PARAMS."
  (format "%s %s %s" (format-time-string "%H:%M:%S" nil t) method
          (if (equal method "session/didChange")
              (format "v%s %s" (plist-get params :version)
                      (mapconcat
                       (lambda (change)
                         (pcase (plist-get change :kind)
                           ("stack" (format "stack %s %s" (plist-get change :op)
                                            (mapconcat #'identity (plist-get change :screens) ",")))
                           ("title" (format "title %s ‹ %s" (plist-get change :screenId)
                                            (or (plist-get (plist-get change :backTitle) :title) "")))
                           ("tint" (format "tint %s %s → %s" (plist-get change :screenId)
                                           (plist-get change :barTintColor) (plist-get change :foreground)))
                           (kind (format "%s %s" kind (plist-get change :screenId)))))
                       (plist-get params :changes) "; "))
            (json-serialize (or params (make-hash-table)) :null-object nil :false-object :json-false))))

(defun navd--watch-notification (connection method params)
  "Appends METHOD and PARAMS to *navd-notifications*.
Only when CONNECTION watches the notification's session."
  (when (member (cons connection (plist-get params :sessionId)) navd--watched)
    (with-current-buffer (get-buffer-create "*navd-notifications*")
      (let ((inhibit-read-only t)
            (at-end (= (point) (point-max))))
        (save-excursion
          (goto-char (point-max))
          (insert (navd-format-notification method params) "\n"))
        (when at-end (goto-char (point-max)))))))

;;;###autoload
(defun navd-watch (session)
  "Subscribes to SESSION and lists its notifications live in *navd-notifications*."
  (interactive (list (navd--read-session)))
  (let* ((connection (navd--connection))
         (sid (navd--session session))
         (key (cons connection sid)))
    (add-hook 'navd-notification-functions #'navd--watch-notification)
    (unless (member key navd--watched)
      (navd-session-subscribe (list :sessionId sid) connection)
      (push key navd--watched))
    (with-current-buffer (get-buffer-create "*navd-notifications*")
      (special-mode)
      (let ((inhibit-read-only t))
        (goto-char (point-max))
        (insert (format "watching session %s\n" sid))))
    (display-buffer "*navd-notifications*")
    (message "Watching session %s" sid)))

;;; A watched session's diagnostics

(defun navd-flymake-type (severity)
  "The Flymake type of a navd SEVERITY string."
  (pcase severity
    ("error" :error)
    ("warning" :warning)
    (_ :note)))

(defvar-local navd-diagnostics--connection nil "The connection this buffer listens on.")
(defvar-local navd-diagnostics--session nil "The session this buffer shows.")
(defvar-local navd-diagnostics--version nil "The session version the list belongs to.")
(defvar-local navd-diagnostics--list nil "The diagnostics shown, as plists.")
(defvar-local navd-diagnostics--closed nil "True once the session closed.")

(defun navd-diagnostics-line (diagnostic)
  "One line for DIAGNOSTIC, a Diagnostic plist from the daemon."
  (format "%s%s: %s: %s [%s]"
          (or (plist-get diagnostic :screenId) "-")
          (if (plist-get diagnostic :itemId) (concat "/" (plist-get diagnostic :itemId)) "")
          (plist-get diagnostic :severity)
          (plist-get diagnostic :message)
          (plist-get diagnostic :code)))

(defun navd-diagnostics-flymake (report-fn &rest _args)
  "Flymake backend of a `navd-diagnostics-mode' buffer: one diagnostic a line."
  (let (out)
    (save-excursion
      (goto-char (point-min))
      (forward-line 1)
      (dolist (diagnostic navd-diagnostics--list)
        (push (flymake-make-diagnostic (current-buffer) (line-beginning-position) (line-end-position)
                                       (navd-flymake-type (plist-get diagnostic :severity))
                                       (format "%s [%s]" (plist-get diagnostic :message)
                                               (plist-get diagnostic :code)))
              out)
        (forward-line 1)))
    (funcall report-fn (nreverse out))))

(define-derived-mode navd-diagnostics-mode special-mode "navd-diagnostics"
  "A live session's diagnostics, one a line.
Kept current by session/diagnostics notifications."
  (setq-local flymake-diagnostic-functions (list #'navd-diagnostics-flymake))
  (flymake-mode 1))

(defun navd-diagnostics--render ()
  "Redraws this buffer from its diagnostics, then runs Flymake."
  (let ((inhibit-read-only t))
    (erase-buffer)
    (insert (format "session %s%s: %s\n" navd-diagnostics--session
                    (if navd-diagnostics--version (format " v%s" navd-diagnostics--version) "")
                    (cond (navd-diagnostics--closed "closed")
                          ((null navd-diagnostics--list) "no diagnostics")
                          (t (let ((n (length navd-diagnostics--list)))
                               (format "%d diagnostic%s" n (if (= n 1) "" "s")))))))
    (dolist (diagnostic navd-diagnostics--list)
      (insert (navd-diagnostics-line diagnostic) "\n")))
  (goto-char (point-min))
  (when flymake-mode (flymake-start nil t)))

(defun navd-diagnostics--buffers (connection session)
  "The `navd-diagnostics-mode' buffers showing SESSION on CONNECTION."
  (cl-remove-if-not
   (lambda (buffer)
     (with-current-buffer buffer
       (and (derived-mode-p 'navd-diagnostics-mode)
            (eq navd-diagnostics--connection connection)
            (equal navd-diagnostics--session session))))
   (buffer-list)))

(defun navd-diagnostics--notification (connection method params)
  "Updates the buffers following PARAMS's session on CONNECTION for METHOD."
  (pcase method
    ("session/diagnostics"
     (dolist (buffer (navd-diagnostics--buffers connection (plist-get params :sessionId)))
       (with-current-buffer buffer
         (let ((version (plist-get params :version)))
           (unless (and navd-diagnostics--version version (< version navd-diagnostics--version))
             (setq navd-diagnostics--version version
                   navd-diagnostics--list (append (plist-get params :diagnostics) nil))
             (navd-diagnostics--render))))))
    ("session/didClose"
     (dolist (buffer (navd-diagnostics--buffers connection (plist-get params :sessionId)))
       (with-current-buffer buffer
         (setq navd-diagnostics--closed t navd-diagnostics--list nil)
         (navd-diagnostics--render))))))

;;;###autoload
(defun navd-diagnostics (session &optional connection)
  "Lists SESSION's diagnostics in *navd-diagnostics SESSION*, kept current live.
Subscribes to the session's diagnostics topic on CONNECTION (default: the
commands' connection); returns the buffer."
  (interactive (list (navd--read-session)))
  (let* ((connection (navd--connection connection))
         (sid (navd--session session))
         (buffer (get-buffer-create (format "*navd-diagnostics %s*" sid))))
    (add-hook 'navd-notification-functions #'navd-diagnostics--notification)
    (with-current-buffer buffer
      (unless (derived-mode-p 'navd-diagnostics-mode) (navd-diagnostics-mode))
      (unless (and (eq navd-diagnostics--connection connection) (equal navd-diagnostics--session sid))
        (setq navd-diagnostics--connection connection
              navd-diagnostics--session sid
              navd-diagnostics--closed nil)
        (let ((subscribed (navd-session-subscribe
                           (list :sessionId sid :topics (vector "diagnostics")) connection)))
          (setq navd-diagnostics--version (plist-get subscribed :version))))
      ;; The current set; later notifications replace it.
      (setq navd-diagnostics--list
            (append (plist-get (navd-bar-diagnose (list :sessionId sid) connection) :diagnostics) nil))
      (navd-diagnostics--render))
    (when (called-interactively-p 'interactive) (display-buffer buffer))
    buffer))

(provide 'navd)
;;; navd.el ends here
