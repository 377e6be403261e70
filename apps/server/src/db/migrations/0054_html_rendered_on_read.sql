-- An import stores its issues', epics' and notes' Markdown without rendering it: the HTML column is then
-- NULL, and the first read renders it with the one renderer and stores it (modules/markdown/
-- stored-html.service.ts), as GitLab's bulk importers leave its Markdown cache empty. Every other write
-- renders as it stores the text, so NULL means "not rendered yet", never "no description" ('').
ALTER TABLE issues ALTER COLUMN description_html DROP NOT NULL;
ALTER TABLE epics ALTER COLUMN description_html DROP NOT NULL;
ALTER TABLE notes ALTER COLUMN note_html DROP NOT NULL;
