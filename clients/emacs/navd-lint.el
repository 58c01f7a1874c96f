;;; navd-lint.el --- Flymake for navd session documents and watched sessions  -*- lexical-binding: t; -*-

;; Version: 0.1.0
;; Package-Requires: ((emacs "27.1") (jsonrpc "1.0.9"))
;; Keywords: tools, processes

;;; Commentary:

;; Two Flymake backends:
;;
;; - `navd-lint-flymake' checks a session document buffer (*.navd.json) with
;;   `navctl lint --format json --stdin-name FILE -', asynchronously, on the
;;   buffer's text (saved or not).  No daemon is needed.
;;
;;     (require 'navd-lint)
;;     (add-hook 'find-file-hook #'navd-lint-maybe-enable)   ; every *.navd.json
;;
;;   or M-x navd-lint-mode in one buffer.
;;
;; - `navd-diagnostics' (a command) lists a live session's diagnostics in the
;;   buffer *navd-diagnostics SID*, one a line, kept current by the daemon's
;;   session/diagnostics notifications; Flymake marks each line, so
;;   `flymake-goto-next-error' and `flymake-show-buffer-diagnostics' work there.

;;; Code:

(require 'cl-lib)
(require 'flymake)
(require 'subr-x)
(require 'navd)

(defcustom navd-navctl-program nil
  "The navctl executable.
nil: $NAVCTL_BIN, else .build/debug/navctl in the buffer's directory or
above, else navctl on `exec-path'."
  :group 'navd
  :type '(choice (const :tag "Find it" nil) file))

(defcustom navd-lint-profiles nil
  "Profiles `navd-lint-flymake' checks under.
nil: the document's own; \"all\"; or a list of names such as (\"ios10\" \"ios17\")."
  :group 'navd
  :type '(choice (const :tag "The document's own" nil)
                 (const :tag "Every profile" "all")
                 (repeat :tag "These profiles" string)))

(defun navd-navctl-executable (&optional directory)
  "The navctl to run: `navd-navctl-program', $NAVCTL_BIN, .build/debug/navctl
in DIRECTORY (default `default-directory') or above, or navctl on the path."
  (let ((from-env (getenv "NAVCTL_BIN"))
        (relative ".build/debug/navctl"))
    (cond (navd-navctl-program navd-navctl-program)
          ((and from-env (not (string-empty-p from-env))) from-env)
          ((let ((root (locate-dominating-file
                        (or directory default-directory)
                        (lambda (dir) (file-executable-p (expand-file-name relative dir))))))
             (and root (expand-file-name relative root))))
          ((executable-find "navctl"))
          (t (user-error "navctl not found: set `navd-navctl-program' or $NAVCTL_BIN")))))

(defun navd-lint-command (name)
  "The navctl command line that lints standard input, reported as NAME."
  (append (list (navd-navctl-executable) "lint" "--format" "json" "--fail-on" "never")
          (cond ((null navd-lint-profiles) nil)
                ((stringp navd-lint-profiles) (list "--profile" navd-lint-profiles))
                (t (list "--profile" (mapconcat #'identity navd-lint-profiles ","))))
          (list "--stdin-name" name "-")))

(defun navd-lint-type (severity)
  "The Flymake type of a navd SEVERITY string."
  (pcase severity
    ("error" :error)
    ("warning" :warning)
    (_ :note)))

(defun navd-lint-text (diagnostic)
  "The Flymake text of DIAGNOSTIC, a plist from `navctl lint --format json'."
  (format "%s [%s] (screen '%s', %s)"
          (plist-get diagnostic :message) (plist-get diagnostic :code)
          (plist-get diagnostic :screenId) (plist-get diagnostic :profile)))

(defun navd-lint--region (buffer line column)
  "BUFFER's region for 1-based LINE and COLUMN (COLUMN counts characters).
The JSON value or member name there, cut at the end of its first line."
  (let ((region (flymake-diag-region buffer line column)))
    (with-current-buffer buffer
      (if region
          (save-excursion
            (goto-char (car region))
            (cons (car region) (max (min (cdr region) (line-end-position)) (1+ (car region)))))
        (cons (point-min) (min (point-max) (1+ (point-min))))))))

(defun navd-lint-diagnostics (report buffer name)
  "Flymake diagnostics in BUFFER for REPORT, navctl's JSON as a plist.
Only the findings and load errors of file NAME."
  (let (out)
    (dolist (entry (plist-get report :diagnostics))
      (when (equal (plist-get entry :file) name)
        (let ((region (navd-lint--region buffer (plist-get entry :line) (plist-get entry :column))))
          (push (flymake-make-diagnostic buffer (car region) (cdr region)
                                         (navd-lint-type (plist-get entry :severity))
                                         (navd-lint-text entry))
                out))))
    (dolist (entry (plist-get report :errors))
      (when (equal (plist-get entry :file) name)
        (let ((region (navd-lint--region buffer (plist-get entry :line) (plist-get entry :column))))
          (push (flymake-make-diagnostic buffer (car region) (cdr region) :error
                                         (plist-get entry :message))
                out))))
    (nreverse out)))

(defvar-local navd-lint--process nil
  "The navctl process checking this buffer, if any.")

(defun navd-lint-name ()
  "The file name navctl reports for this buffer."
  (or buffer-file-name (buffer-name)))

;;;###autoload
(defun navd-lint-flymake (report-fn &rest _args)
  "Flymake backend: lint this buffer's text with `navctl lint'; call REPORT-FN."
  (when (process-live-p navd-lint--process)
    (delete-process navd-lint--process))
  (let ((program (car (navd-lint-command "-"))))
    (unless (or (file-executable-p program) (executable-find program))
      (funcall report-fn :panic :explanation (format "navctl not found: %s" program))
      (setq program nil))
    (when program (navd-lint--start report-fn))))

(defun navd-lint--start (report-fn)
  "Starts navctl on this buffer's text; its sentinel calls REPORT-FN."
  (let* ((source (current-buffer))
         (name (navd-lint-name))
         (stdout (generate-new-buffer " *navd-lint stdout*"))
         (stderr (generate-new-buffer " *navd-lint stderr*"))
         (process
          (make-process
           :name "navd-lint" :buffer stdout :stderr stderr
           :command (navd-lint-command name)
           :connection-type 'pipe :coding 'utf-8-unix :noquery t
           :sentinel
           (lambda (proc _event)
             (when (memq (process-status proc) '(exit signal))
               (unwind-protect
                   (when (and (buffer-live-p source)
                              (eq proc (buffer-local-value 'navd-lint--process source)))
                     (with-current-buffer source (setq navd-lint--process nil))
                     (navd-lint--report proc source name report-fn stdout stderr))
                 (let ((errors (get-buffer-process stderr)))
                   (when errors (delete-process errors)))
                 (kill-buffer stdout)
                 (kill-buffer stderr)))))))
    (setq navd-lint--process process)
    (save-restriction
      (widen)
      (process-send-region process (point-min) (point-max)))
    (process-send-eof process)
    process))

(defun navd-lint--report (proc source name report-fn stdout stderr)
  "Hands what PROC printed in STDOUT for SOURCE (reported as NAME) to REPORT-FN.
STDERR explains a failure."
  (let ((errors (get-buffer-process stderr)))
    ;; Collect what navctl wrote to stderr before it exited.
    (when errors (accept-process-output errors 0.1)))
  (let* ((text (with-current-buffer stdout (buffer-string)))
         (report (condition-case nil
                     (json-parse-string text :object-type 'plist :array-type 'list
                                        :null-object nil :false-object nil)
                   (error nil))))
    (if (and report (listp report))
        (funcall report-fn (navd-lint-diagnostics report source name))
      (funcall report-fn :panic
               :explanation (format "navctl lint failed (%s %s): %s"
                                    (process-status proc) (process-exit-status proc)
                                    (string-trim (with-current-buffer stderr (buffer-string))))))))

;;;###autoload
(define-minor-mode navd-lint-mode
  "Check this session document (*.navd.json) with navctl lint through Flymake."
  :lighter nil
  (if navd-lint-mode
      (progn
        (add-hook 'flymake-diagnostic-functions #'navd-lint-flymake nil t)
        (flymake-mode 1))
    (remove-hook 'flymake-diagnostic-functions #'navd-lint-flymake t)
    (when (process-live-p navd-lint--process) (delete-process navd-lint--process))))

;;;###autoload
(defun navd-lint-maybe-enable ()
  "Turns on `navd-lint-mode' in a buffer visiting a *.navd.json file."
  (when (and buffer-file-name (string-match-p "\\.navd\\.json\\'" buffer-file-name))
    (navd-lint-mode 1)))

;;; A watched session's diagnostics

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
                                       (navd-lint-type (plist-get diagnostic :severity))
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

(provide 'navd-lint)
;;; navd-lint.el ends here
