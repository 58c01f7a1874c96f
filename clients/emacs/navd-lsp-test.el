;;; navd-lsp-test.el --- ERT tests of navd-lsp.el: lsp-mode against the real navctl lsp  -*- lexical-binding: t; -*-

;; Loaded by navd-test.el, so `make test-client-emacs' runs it:
;;   emacs --batch -Q -L clients/emacs -l clients/emacs/navd-test.el -f ert-run-tests-batch-and-exit
;; navctl: $NAVCTL_BIN, else <repo>/.build/debug/navctl.  lsp-mode: on `load-path', else the
;; elpa-lsp-mode package under /usr/share/emacs/site-lisp/elpa (`make client-deps' installs it).
;; Each test starts `navctl lsp' through lsp-mode on a fresh copy of test/lsp-fixture (or on a
;; folder of session documents), drives it with lsp-mode's own commands, and shuts it down.

;;; Code:

(require 'ert)
(require 'cl-lib)
(require 'seq)
(require 'subr-x)

(defconst navd-lsp-test--directory
  (file-name-directory (or load-file-name buffer-file-name))
  "clients/emacs.")

(defconst navd-lsp-test--repo (expand-file-name "../.." navd-lsp-test--directory)
  "The repository root.")

(defconst navd-lsp-test--fixture (expand-file-name "test/lsp-fixture/" navd-lsp-test--directory)
  "A project of one Swift file, Inbox.swift, and its .navd.yml.")

;; emacs -Q reads no init file, so packages installed by apt (elpa-lsp-mode and what it
;; needs) are not on `load-path' yet: activate the ones installed there, as package.el
;; does at startup.
(unless (locate-library "lsp-mode")
  (require 'package)
  (let ((package-directory-list (list "/usr/share/emacs/site-lisp/elpa"))
        (package-user-dir (expand-file-name "navd-lsp-test-no-user-packages" temporary-file-directory)))
    (package-initialize)))

(unless (locate-library "lsp-mode")
  (error "lsp-mode is not installed (make client-deps installs elpa-lsp-mode)"))

(require 'navd-lsp)

;; The swift-mode package is not installed here: lsp-mode only needs a mode of that name.
(unless (or (fboundp 'swift-mode) (require 'swift-mode nil t))
  (define-derived-mode swift-mode prog-mode "Swift"
    "Swift source, as far as these tests need it."))

(defconst navd-lsp-test--session-dir (make-temp-file "navd-lsp-session-" t)
  "Where lsp-mode keeps its session (the project folders) during the tests.")

(add-hook 'kill-emacs-hook (lambda () (delete-directory navd-lsp-test--session-dir t)))

(setq lsp-session-file (expand-file-name "lsp-session" navd-lsp-test--session-dir)
      ;; navd and nothing else, whatever other clients lsp-mode knows (and would offer to install).
      lsp-enabled-clients '(navd)
      lsp-auto-guess-root nil
      lsp-restart 'ignore
      lsp-keep-workspace-alive nil
      ;; A loaded machine: lsp-request waits this long.
      lsp-response-timeout 60
      lsp-enable-snippet nil
      lsp-lens-enable t
      ;; In batch, file notifications are input events that nothing reads; with lsp-mode's
      ;; watchers on, Emacs then runs no process sentinel and lsp-mode never sees a server end.
      lsp-enable-file-watchers nil)

(defun navd-lsp-test--navctl ()
  "The navctl executable; an error when there is none."
  (let* ((from-env (getenv "NAVCTL_BIN"))
         (path (if (and from-env (not (string-empty-p from-env)))
                   from-env
                 (expand-file-name ".build/debug/navctl" navd-lsp-test--repo))))
    (unless (file-executable-p path) (error "navctl not found at %s (set NAVCTL_BIN)" path))
    path))

(defun navd-lsp-test--wait (predicate &optional seconds)
  "Waits up to SECONDS (default 60) for PREDICATE, reading process output meanwhile.
Returns PREDICATE's last value."
  (let ((deadline (+ (float-time) (or seconds 60))))
    (while (and (not (funcall predicate)) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    (funcall predicate)))

(defun navd-lsp-test--project (files)
  "A fresh project folder (a directory name).
FILES nil: a copy of the fixture; else the fixture's .navd.yml and FILES,
an alist (NAME . TEXT)."
  (let ((root (file-name-as-directory (make-temp-file "navd-lsp-project-" t))))
    (if (null files)
        (copy-directory navd-lsp-test--fixture root nil nil t)
      (copy-file (expand-file-name ".navd.yml" navd-lsp-test--fixture) root)
      (dolist (file files)
        (with-temp-file (expand-file-name (car file) root) (insert (cdr file)))))
    root))

(defun navd-lsp-test--workspace ()
  "The current buffer's navd workspace once initialized, else nil."
  (seq-find (lambda (workspace)
              (and (eq (lsp--workspace-server-id workspace) 'navd)
                   (eq (lsp--workspace-status workspace) 'initialized)))
            (lsp-workspaces)))

(defun navd-lsp-test--visit (file)
  "A buffer visiting FILE with lsp-mode on, FILE's folder the project root.
Waits until navctl lsp is initialized there."
  (let* ((root (file-name-directory file))
         (navd-lsp-navctl (navd-lsp-test--navctl))
         (auto-mode-alist (cons '("\\.swift\\'" . swift-mode) auto-mode-alist))
         (buffer (find-file-noselect file)))
    ;; A folder of the session is the root of the files in it: lsp-mode asks nothing.
    (lsp-workspace-folders-add root)
    (with-current-buffer buffer
      (lsp)
      (unless (navd-lsp-test--wait #'navd-lsp-test--workspace)
        (error "navctl lsp did not initialize for %s (see *lsp-log*)" file)))
    buffer))

(defun navd-lsp-test--close (buffer root)
  "Shuts BUFFER's servers down, kills BUFFER, forgets and deletes the project ROOT."
  (when (buffer-live-p buffer)
    (with-current-buffer buffer
      (dolist (workspace (lsp-workspaces))
        (let ((process (lsp--workspace-proc workspace)))
          (when (process-live-p process)
            (lsp-workspace-shutdown workspace)
            (navd-lsp-test--wait (lambda () (not (process-live-p process))) 10))))
      (set-buffer-modified-p nil))
    (kill-buffer buffer))
  (when (member (lsp-f-canonical root) (lsp-session-folders (lsp-session)))
    (lsp-workspace-folders-remove root))
  (delete-directory root t))

(defmacro navd-lsp-test--with-file (spec &rest body)
  "Runs BODY in a buffer visiting NAME under lsp-mode and navctl lsp.
SPEC is (NAME &optional FILES): the project is a copy of the fixture, or,
with FILES (an alist (NAME . TEXT)), the fixture's .navd.yml and FILES.
The servers are shut down and the project deleted afterwards."
  (declare (indent 1))
  (let ((root (make-symbol "root"))
        (buffer (make-symbol "buffer")))
    `(let* ((,root (navd-lsp-test--project ,(cadr spec)))
            (,buffer nil))
       (unwind-protect
           (progn
             (setq ,buffer (navd-lsp-test--visit (expand-file-name ,(car spec) ,root)))
             (with-current-buffer ,buffer ,@body))
         (navd-lsp-test--close ,buffer ,root)))))

(defun navd-lsp-test--diagnostics ()
  "The navd diagnostics lsp-mode holds for the current buffer's file."
  (seq-filter (lambda (diagnostic) (equal (lsp-get diagnostic :source) "navd"))
              (gethash (lsp--fix-path-casing (buffer-file-name)) (lsp-diagnostics t))))

(defun navd-lsp-test--codes ()
  "The codes of the navd diagnostics of the current buffer's file."
  (mapcar (lambda (diagnostic) (lsp-get diagnostic :code)) (navd-lsp-test--diagnostics)))

(defun navd-lsp-test--line (object)
  "The 0-based line where OBJECT's range starts (a diagnostic, lens...)."
  (lsp-get (lsp-get (lsp-get object :range) :start) :line))

(defun navd-lsp-test--start (object)
  "The buffer position where OBJECT's range starts, as lsp-mode maps it."
  (lsp--position-to-point (lsp-get (lsp-get object :range) :start)))

(defun navd-lsp-test--goto (line text)
  "Moves to TEXT on 1-based LINE."
  (goto-char (point-min))
  (forward-line (1- line))
  (should (search-forward text (line-end-position) t))
  (goto-char (match-beginning 0)))

(defun navd-lsp-test--need (method capability)
  "Fails the test unless the server advertises CAPABILITY, which serves METHOD."
  (unless (lsp-feature? method)
    (ert-fail (format "navctl lsp does not advertise %s (%s)" capability method))))

;;; The client

(ert-deftest navd-lsp-registers-an-add-on-client ()
  "navd is an add-on client: lsp-mode starts it beside the buffer's main server."
  (let ((client (gethash 'navd lsp-clients)))
    (should client)
    (should (lsp--client-add-on? client))
    (let ((activate (lsp--client-activation-fn client)))
      (should (funcall activate "/p/Inbox.swift" 'swift-mode))
      (should (funcall activate "/p/Legacy.m" 'objc-mode))
      (should (funcall activate "/p/Main.storyboard" 'nxml-mode))
      (should (funcall activate "/p/Cell.xib" 'nxml-mode))
      (should (funcall activate "/p/Checkout.navd.json" 'js-mode))
      (should (funcall activate "/p/Checkout.navd.json" 'fundamental-mode))
      (should-not (funcall activate "/p/Info.plist" 'nxml-mode))
      (should-not (funcall activate "/p/package.json" 'js-mode))
      (should-not (funcall activate "/p/init.el" 'emacs-lisp-mode)))))

(ert-deftest navd-lsp-finds-navctl ()
  "`navd-lsp-navctl', else $NAVCTL_BIN, else .build/debug/navctl above, else navctl on the path."
  (let ((navd-lsp-navctl nil)
        (process-environment (copy-sequence process-environment))
        (root (make-temp-file "navd-el-root" t)))
    (unwind-protect
        (progn
          (setenv "NAVCTL_BIN" "/from/env/navctl")
          (should (equal (navd-lsp-navctl-executable) "/from/env/navctl"))
          (setenv "NAVCTL_BIN" nil)
          (make-directory (expand-file-name ".build/debug" root) t)
          (make-directory (expand-file-name "Screens/deep" root) t)
          (let ((built (expand-file-name ".build/debug/navctl" root)))
            (with-temp-file built (insert "#!/bin/sh\n"))
            (set-file-modes built #o755)
            (should (equal (navd-lsp-navctl-executable (expand-file-name "Screens/deep/" root)) built)))
          (let ((exec-path nil))
            (should (equal (navd-lsp-navctl-executable "/") "navctl")))
          (let ((navd-lsp-navctl "/pinned/navctl"))
            (should (equal (navd-lsp-navctl-executable) "/pinned/navctl"))
            (should (equal (navd-lsp-command) '("/pinned/navctl" "lsp")))))
      (delete-directory root t))))

(ert-deftest navd-lsp-without-navctl-is-not-offered ()
  "lsp-mode picks the client only when its navctl exists."
  (let ((client (gethash 'navd lsp-clients)))
    (let ((navd-lsp-navctl "/nonexistent/navctl"))
      (should-not (lsp--server-binary-present? client)))
    (let ((navd-lsp-navctl (navd-lsp-test--navctl)))
      (should (lsp--server-binary-present? client)))))

;;; A Swift file of the fixture

(ert-deftest navd-lsp-diagnostic-without-a-main-server ()
  "Inbox.swift: navd alone serves the buffer and publishes its one finding, on line 7."
  (navd-lsp-test--with-file ("Inbox.swift")
    (should (equal (mapcar #'lsp--workspace-server-id (lsp-workspaces)) '(navd)))
    (should (navd-lsp-test--wait (lambda () (member "empty-back-title-trick" (navd-lsp-test--codes)))))
    (let ((diagnostics (navd-lsp-test--diagnostics)))
      (should (= (length diagnostics) 1))
      (let ((diagnostic (car diagnostics)))
        (should (= (navd-lsp-test--line diagnostic) 6))
        (should (= (lsp-get diagnostic :severity) 3))
        (should (string-suffix-p "#empty-back-title-trick"
                                 (lsp-get (lsp-get diagnostic :codeDescription) :href)))
        (save-excursion
          (goto-char (navd-lsp-test--start diagnostic))
          (should (looking-at-p "navigationItem\\.backBarButtonItem")))))))

(ert-deftest navd-lsp-hover-names-the-screen ()
  "A hover on a screen's declaration, or on a line that sets something for it, names it."
  (navd-lsp-test--with-file ("Inbox.swift")
    (navd-lsp-test--need "textDocument/hover" "hoverProvider")
    (dolist (at '((3 "InboxViewController" "`InboxViewController`")
                  (6 "title" "`InboxViewController`")
                  (18 "title" "`MessageViewController`")))
      (navd-lsp-test--goto (nth 0 at) (nth 1 at))
      (let* ((hover (lsp-request "textDocument/hover" (lsp--text-document-position-params)))
             (contents (lsp-get hover :contents)))
        (should (equal (lsp-get contents :kind) "markdown"))
        (should (string-match-p (regexp-quote (nth 2 at)) (lsp-get contents :value)))))
    ;; lsp-mode's own command shows it.
    (navd-lsp-test--goto 3 "InboxViewController")
    (lsp-describe-thing-at-point)
    (should (get-buffer "*lsp-help*"))
    (should (string-match-p "InboxViewController" (with-current-buffer "*lsp-help*" (buffer-string))))))

(ert-deftest navd-lsp-code-lens-per-screen ()
  "One lens per screen, on its declaration's line, about the back button; its command runs."
  (navd-lsp-test--with-file ("Inbox.swift")
    (navd-lsp-test--need "textDocument/codeLens" "codeLensProvider")
    (let ((lenses (sort (append (lsp-request "textDocument/codeLens"
                                             (list :textDocument (lsp--text-document-identifier)))
                                nil)
                        (lambda (a b) (< (navd-lsp-test--line a) (navd-lsp-test--line b))))))
      (should (equal (mapcar #'navd-lsp-test--line lenses) '(2 14)))
      (dolist (lens lenses)
        (let ((command (lsp-get lens :command)))
          (should (string-match-p "\\_<back\\_>" (lsp-get command :title)))
          (should (equal (lsp-get command :command) "navd.showScreen"))))
      ;; lsp-mode runs a lens's command with workspace/executeCommand; the server answers null.
      (should (lsp-can-execute-command? "navd.showScreen"))
      (should (null (lsp--execute-command (lsp-get (car lenses) :command)))))
    ;; lsp-lens-mode shows them in the buffer: refreshed here as lsp-mode does after an
    ;; edit, rather than left to the request it sent when the mode came on.
    (should (bound-and-true-p lsp-lens-mode))
    (lsp-lens-refresh t)
    (should (navd-lsp-test--wait (lambda () (= (length lsp-lens--overlays) 2))))
    (dolist (overlay lsp-lens--overlays)
      (should (string-match-p "\\_<back\\_>" (concat (overlay-get overlay 'before-string)
                                                     (overlay-get overlay 'after-string)))))))

(ert-deftest navd-lsp-quick-fix ()
  "The quick fix for empty-back-title-trick, applied by lsp-mode, rewrites line 7 and clears it."
  (navd-lsp-test--with-file ("Inbox.swift")
    (navd-lsp-test--need "textDocument/codeAction" "codeActionProvider")
    (should (navd-lsp-test--wait (lambda () (member "empty-back-title-trick" (navd-lsp-test--codes)))))
    (let ((before (buffer-string)))
      (navd-lsp-test--goto 7 "navigationItem")
      (let* ((actions (append (lsp-code-actions-at-point) nil))
             (fix (seq-find (lambda (action)
                              (equal (lsp-get action :title) "Use backButtonDisplayMode = .minimal"))
                            actions)))
        (should fix)
        (should (equal (lsp-get fix :kind) "quickfix"))
        (should (eq (lsp-get fix :isPreferred) t))
        (should (equal (mapcar (lambda (d) (lsp-get d :code)) (lsp-get fix :diagnostics))
                       '("empty-back-title-trick")))
        (lsp-execute-code-action fix))
      (goto-char (point-min))
      (forward-line 6)
      (should (equal (buffer-substring (line-beginning-position) (line-end-position))
                     "        navigationItem.backButtonDisplayMode = .minimal"))
      ;; That line and nothing else.
      (should (equal (buffer-string)
                     (replace-regexp-in-string
                      "navigationItem\\.backBarButtonItem = UIBarButtonItem(title: \"\", style: \\.plain, target: nil, action: nil)"
                      "navigationItem.backButtonDisplayMode = .minimal" before t t)))
      (should (buffer-modified-p))
      ;; The server read the change: no navd diagnostic is left for the file.
      (should (navd-lsp-test--wait (lambda () (null (navd-lsp-test--diagnostics))))))))

(ert-deftest navd-lsp-shuts-down ()
  "`lsp-workspace-shutdown' ends the server and lets go of the buffer and its diagnostics."
  (navd-lsp-test--with-file ("Inbox.swift")
    (let* ((workspace (navd-lsp-test--workspace))
           (process (lsp--workspace-proc workspace)))
      (should (navd-lsp-test--wait #'navd-lsp-test--diagnostics))
      (lsp-workspace-shutdown workspace)
      (should-not lsp-managed-mode)
      (should (eq (lsp--workspace-shutdown-action workspace) 'shutdown))
      ;; The session forgets the workspace once lsp-mode has seen the process end.
      (should (navd-lsp-test--wait
               (lambda () (and (not (process-live-p process))
                               (not (memq workspace (lsp--session-workspaces (lsp-session))))))))
      (should-not (gethash (lsp--fix-path-casing (buffer-file-name)) (lsp-diagnostics))))))

(ert-deftest navd-lsp-exits-after-shutdown ()
  "After lsp-mode's shutdown request and exit notification the server exits by itself, status 0."
  (navd-lsp-test--with-file ("Inbox.swift")
    (let* ((workspace (navd-lsp-test--workspace))
           (process (lsp--workspace-proc workspace)))
      ;; As `lsp-workspace-shutdown' does, minus the kill that follows it: the server's
      ;; end is then a shutdown to lsp-mode, not a crash.
      (setf (lsp--workspace-shutdown-action workspace) 'shutdown)
      (with-lsp-workspace workspace
        (should (null (lsp-request "shutdown" lsp--empty-ht)))
        (lsp-notify "exit" nil))
      (unless (navd-lsp-test--wait (lambda () (not (process-live-p process))) 30)
        (ert-fail "navctl lsp still runs after the shutdown request and the exit notification lsp-mode sends ({\"method\": \"exit\", \"params\": null})"))
      (should (eq (process-status process) 'exit))
      (should (= (process-exit-status process) 0)))))

;;; Session documents (*.navd.json), in the mode Emacs gives them

(defconst navd-lsp-test--custom-back
  "{
  \"format\": \"navd-session\",
  \"formatVersion\": 1,
  \"profile\": \"ios17\",
  \"screens\": [{\"id\": \"a\", \"title\": \"Inbox\"},
    {\"id\": \"b\", \"title\": \"B\", \"backAction\": \"custom\"}]
}
"
  "A document whose screen b (line 6, column 5) has a custom back action the swipe bypasses.")

(ert-deftest navd-lsp-session-document ()
  "A session document's finding on screen b's object; the unsaved text is what is checked."
  (navd-lsp-test--with-file ("Checkout.navd.json" `(("Checkout.navd.json" . ,navd-lsp-test--custom-back)))
    (should-not (derived-mode-p 'swift-mode 'objc-mode 'nxml-mode))
    (should (navd-lsp-test--wait (lambda () (navd-lsp-test--diagnostics))))
    (let ((diagnostics (navd-lsp-test--diagnostics)))
      (should (equal (navd-lsp-test--codes) '("custom-back-unreachable")))
      (should (= (lsp-get (car diagnostics) :severity) 2))
      (should (string-match-p "custom back action" (lsp-get (car diagnostics) :message)))
      (should (= (navd-lsp-test--line (car diagnostics)) 5))
      (save-excursion
        (goto-char (navd-lsp-test--start (car diagnostics)))
        (should (looking-at-p "{\"id\": \"b\""))))
    (goto-char (point-min))
    (search-forward ", \"backAction\": \"custom\"")
    (replace-match "")
    (should (navd-lsp-test--wait (lambda () (null (navd-lsp-test--diagnostics)))))))

(ert-deftest navd-lsp-session-document-load-errors ()
  "A document that does not load: one error where loading stopped, at the right character."
  (navd-lsp-test--with-file ("Broken.navd.json" '(("Broken.navd.json" . "{\n  \"format\": \"navd-session\",\n  \"screens\": [\n}\n")))
    (should (navd-lsp-test--wait #'navd-lsp-test--diagnostics))
    (let ((diagnostics (navd-lsp-test--diagnostics)))
      (should (= (length diagnostics) 1))
      (should (= (lsp-get (car diagnostics) :severity) 1))
      (should (= (navd-lsp-test--line (car diagnostics)) 3))))
  ;; Columns count UTF-16 code units, which lsp-mode takes for characters: equal
  ;; for text in the Basic Multilingual Plane.
  (navd-lsp-test--with-file ("Unicode.navd.json" '(("Unicode.navd.json" . "{\"format\": \"navd-session\", \"screens\": [{\"id\": \"ä\", \"title\": \"Ünïcödé\"}, {\"id\": \"b\", \"bar\": {\"barTintColor\": 7}}]}\n")))
    (should (navd-lsp-test--wait #'navd-lsp-test--diagnostics))
    (let ((diagnostics (navd-lsp-test--diagnostics)))
      (should (= (length diagnostics) 1))
      (should (= (lsp-get (car diagnostics) :severity) 1))
      (should (string-match-p "barTintColor" (lsp-get (car diagnostics) :message)))
      (goto-char (navd-lsp-test--start (car diagnostics)))
      (should (looking-at-p "\"barTintColor\"")))))

(provide 'navd-lsp-test)
;;; navd-lsp-test.el ends here
