;;; navd-lsp.el --- navctl lsp in lsp-mode, beside the buffer's own server  -*- lexical-binding: t; -*-

;; Version: 0.1.0
;; Package-Requires: ((emacs "27.1") (lsp-mode "8.0.0"))
;; Keywords: tools, languages

;;; Commentary:

;; `navctl lsp' is navd's language server: it reports navigation-bar
;; pitfalls in Swift, Objective-C, storyboards, xibs and session documents
;; (*.navd.json) as diagnostics, with hovers, code lenses and quick fixes for
;; the screens it finds.
;;
;; This file registers it with lsp-mode as an add-on client, server id
;; `navd': lsp-mode starts it beside the buffer's main server (SourceKit-LSP
;; from lsp-sourcekit in Swift buffers, clangd in Objective-C ones), or alone
;; when no main server serves the buffer.
;;
;;   (add-to-list 'load-path "/path/to/navd/clients/emacs")
;;   (with-eval-after-load 'lsp-mode (require 'navd-lsp))
;;   (add-hook 'swift-mode-hook #'lsp-deferred)
;;
;; It serves buffers in `swift-mode' and `objc-mode', `nxml-mode' buffers of
;; .storyboard and .xib files, and *.navd.json files whatever their mode.
;; Customize `navd-lsp-navctl' to name the navctl to run.

;;; Code:

(require 'lsp-mode)
(require 'subr-x)

(defgroup navd-lsp nil
  "The navd language server, `navctl lsp', in lsp-mode."
  :group 'lsp-mode
  :prefix "navd-lsp-")

(defcustom navd-lsp-navctl nil
  "The navctl program whose `navctl lsp' lsp-mode runs: a file, or a name.
A name is looked up on the variable `exec-path'.  nil: $NAVCTL_BIN, else
.build/debug/navctl in the buffer's directory or above, else navctl on the
variable `exec-path'."
  :type '(choice (const :tag "Find it" nil) string))

(defconst navd-lsp-interface-builder-regexp "\\.\\(?:storyboard\\|xib\\)\\'"
  "Files of Interface Builder documents, served in `nxml-mode'.")

(defconst navd-lsp-session-document-regexp "\\.navd\\.json\\'"
  "Files of navd session documents, served in any mode.")

(defun navd-lsp-navctl-executable (&optional directory)
  "The navctl program behind lsp-mode's `navctl lsp'.
`navd-lsp-navctl', else $NAVCTL_BIN, else .build/debug/navctl in DIRECTORY
\(default `default-directory') or above, else navctl on the variable
`exec-path'.  \"navctl\" when there is none, so that lsp-mode finds the
server missing."
  (let ((from-env (getenv "NAVCTL_BIN"))
        (relative ".build/debug/navctl"))
    (cond ((and navd-lsp-navctl (not (string-empty-p navd-lsp-navctl))) navd-lsp-navctl)
          ((and from-env (not (string-empty-p from-env))) from-env)
          ((let ((root (locate-dominating-file
                        (or directory default-directory)
                        (lambda (dir) (file-executable-p (expand-file-name relative dir))))))
             (and root (expand-file-name relative root))))
          ((executable-find "navctl"))
          (t "navctl"))))

(defun navd-lsp-command ()
  "The command line of the server: navctl lsp."
  (list (navd-lsp-navctl-executable) "lsp"))

(defun navd-lsp-activate-p (file-name mode)
  "Whether `navctl lsp' serves FILE-NAME, visited in major MODE."
  (or (provided-mode-derived-p mode 'swift-mode 'objc-mode)
      (and file-name
           (or (and (provided-mode-derived-p mode 'nxml-mode)
                    (string-match-p navd-lsp-interface-builder-regexp file-name))
               (string-match-p navd-lsp-session-document-regexp file-name)))))

;; The language id lsp-mode sends in textDocument/didOpen for a session document,
;; which is JSON whatever mode shows it (lsp-mode knows the other modes' ids).
(add-to-list 'lsp-language-id-configuration (cons navd-lsp-session-document-regexp "json"))

(lsp-register-client
 (make-lsp-client
  :new-connection (lsp-stdio-connection #'navd-lsp-command)
  :activation-fn #'navd-lsp-activate-p
  :add-on? t
  :server-id 'navd))

(provide 'navd-lsp)
;;; navd-lsp.el ends here
