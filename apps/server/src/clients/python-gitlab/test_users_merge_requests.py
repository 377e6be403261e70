import os
import unittest

import gitlab

from support import client, new_group, new_project


class Users(unittest.TestCase):
    def test_the_current_user_and_lookups(self):
        gl = client()
        colleague = client("MERIDIAN_COLLEAGUE_TOKEN").user
        self.assertEqual(gl.user.username, os.environ["MERIDIAN_USERNAME"])
        self.assertEqual(gl.users.get(colleague.id).username, colleague.username)
        self.assertEqual([u.id for u in gl.users.list(username=colleague.username)], [colleague.id])
        self.assertIn(colleague.id, [u.id for u in gl.users.list(search=colleague.username, get_all=True)])
        with self.assertRaises(gitlab.GitlabGetError) as caught:
            gl.users.get(999999)
        self.assertEqual(caught.exception.response_code, 404)


class MergeRequests(unittest.TestCase):
    def test_merge_requests_are_listed_and_filtered_at_every_level(self):
        gl = client()
        group = new_group(gl)
        project = new_project(gl, group)
        project.labels.create({"name": "backend", "color": "#0000ff"})
        project.mergerequests.create(
            {"source_branch": "fix-crash", "target_branch": "main", "title": "Fix the crash", "labels": "backend"}
        )
        draft = project.mergerequests.create({"source_branch": "wip", "target_branch": "main", "title": "Draft: dark mode"})
        draft.state_event = "close"
        draft.save()
        titles = lambda mrs: sorted(mr.title for mr in mrs)  # noqa: E731
        self.assertEqual(titles(project.mergerequests.list(get_all=True)), ["Draft: dark mode", "Fix the crash"])
        self.assertEqual(titles(project.mergerequests.list(state="opened", get_all=True)), ["Fix the crash"])
        self.assertEqual(titles(group.mergerequests.list(labels="backend", get_all=True)), ["Fix the crash"])
        self.assertEqual(titles(group.mergerequests.list(wip="yes", get_all=True)), ["Draft: dark mode"])
        everywhere = gl.mergerequests.list(scope="all", search="crash", get_all=True)
        self.assertIn("Fix the crash", titles(everywhere))
        self.assertEqual(project.mergerequests.get(1).source_branch, "fix-crash")


if __name__ == "__main__":
    unittest.main()
