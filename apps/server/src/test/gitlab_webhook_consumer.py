"""A GitLab webhook consumer written against GitLab's documented payloads ("Webhook events"), as a
third-party integration would be: it checks X-Gitlab-Token, dispatches on X-Gitlab-Event, and reads
the fields GitLab documents for issue, comment and merge request events. It prints one JSON line
per accepted event, or per refusal, on stdout. Standard library only.

Usage: python3 gitlab_webhook_consumer.py SECRET  (prints "listening on PORT" first)
"""

import json
import sys
from http.server import BaseHTTPRequestHandler, HTTPServer

SECRET = sys.argv[1]


def issue_event(p):
    attrs = p["object_attributes"]
    return {
        "kind": p["object_kind"],
        "action": attrs["action"],
        "iid": int(attrs["iid"]),
        "title": str(attrs["title"]),
        "state": attrs["state"],
        "confidential": bool(attrs["confidential"]),
        "url": attrs["url"],
        "project": p["project"]["path_with_namespace"],
        "user": p["user"]["username"],
        "labels": [label["title"] for label in p.get("labels", [])],
        "assignees": [a["username"] for a in p.get("assignees", [])],
        "changed": sorted(p["changes"].keys()),
        "title_change": p["changes"].get("title", {}).get("current"),
    }


def note_event(p):
    attrs = p["object_attributes"]
    target = p.get("issue") or p.get("merge_request")
    return {
        "kind": p["object_kind"],
        "noteable_type": attrs["noteable_type"],
        "note": attrs["note"],
        "url": attrs["url"],
        "on_iid": int(target["iid"]),
        "project": p["project"]["path_with_namespace"],
        "user": p["user"]["username"],
    }


def merge_request_event(p):
    attrs = p["object_attributes"]
    return {
        "kind": p["object_kind"],
        "action": attrs["action"],
        "iid": int(attrs["iid"]),
        "source_branch": attrs["source_branch"],
        "target_branch": attrs["target_branch"],
        "state": attrs["state"],
        "draft": bool(attrs["draft"]),
        "project": p["project"]["path_with_namespace"],
        "target_project": attrs["target"]["path_with_namespace"],
    }


HANDLERS = {
    "Issue Hook": issue_event,
    "Confidential Issue Hook": issue_event,
    "Note Hook": note_event,
    "Confidential Note Hook": note_event,
    "Merge Request Hook": merge_request_event,
}


class Handler(BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        if self.headers.get("X-Gitlab-Token") != SECRET:
            self.send_response(401)
            self.end_headers()
            print(json.dumps({"refused": "token"}), flush=True)
            return
        event = self.headers.get("X-Gitlab-Event")
        handler = HANDLERS.get(event)
        try:
            if handler is None:
                raise ValueError("unknown event " + str(event))
            summary = handler(json.loads(body))
        except Exception as error:  # a payload this consumer cannot read is the failure under test
            self.send_response(400)
            self.end_headers()
            print(json.dumps({"refused": repr(error), "event": event}), flush=True)
            return
        summary["event"] = event
        summary["event_uuid"] = self.headers.get("X-Gitlab-Event-UUID")
        self.send_response(200)
        self.end_headers()
        self.wfile.write(b"ok")
        print(json.dumps(summary), flush=True)

    def log_message(self, *args):
        pass


server = HTTPServer(("127.0.0.1", 0), Handler)
print("listening on %d" % server.server_address[1], flush=True)
server.serve_forever()
