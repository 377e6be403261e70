import os
import unittest

import gitlab

from support import GroupProjectCase, client, new_group, new_project


class Issues(GroupProjectCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.colleague = client("MERIDIAN_COLLEAGUE_TOKEN").user
        cls.group.members.create({"user_id": cls.colleague.id, "access_level": gitlab.const.DEVELOPER_ACCESS})
        cls.group.labels.create({"name": "priority::high", "color": "#d9534f"})
        cls.project.labels.create({"name": "bug", "color": "#ff0000"})
        cls.milestone = cls.project.milestones.create({"title": "v1.0"})

    def test_an_issue_is_created_with_its_metadata(self):
        issue = self.project.issues.create(
            {
                "title": "Crash on save",
                "description": "Steps:\n1. Save\n2. **Crash**",
                "labels": ["bug", "priority::high"],
                "milestone_id": self.milestone.id,
                "assignee_ids": [self.colleague.id],
                "weight": 3,
                "due_date": "2030-05-01",
            }
        )
        fetched = self.project.issues.get(issue.iid)
        self.assertEqual(sorted(fetched.labels), ["bug", "priority::high"])
        self.assertEqual(fetched.milestone["title"], "v1.0")
        self.assertEqual([a["username"] for a in fetched.assignees], [self.colleague.username])
        self.assertEqual((fetched.weight, fetched.due_date, fetched.state), (3, "2030-05-01", "opened"))

    def test_an_issue_is_updated_closed_reopened_and_deleted(self):
        issue = self.project.issues.create({"title": "Typo in footer"})
        issue.title = "Typo in the footer"
        issue.confidential = True
        issue.labels = ["bug"]
        issue.save()
        self.assertEqual(issue.title, "Typo in the footer")
        self.assertTrue(self.project.issues.get(issue.iid).confidential)
        self.assertEqual(self.project.issues.get(issue.iid).labels, ["bug"])
        issue.state_event = "close"
        issue.save()
        self.assertEqual((issue.state, self.project.issues.get(issue.iid).state), ("closed", "closed"))
        issue.state_event = "reopen"
        issue.save()
        self.assertEqual(issue.state, "opened")
        issue.delete()
        with self.assertRaises(gitlab.GitlabGetError) as caught:
            self.project.issues.get(issue.iid)
        self.assertEqual(caught.exception.response_code, 404)

    def test_issues_are_filtered(self):
        project = new_project(self.gl, new_group(self.gl))
        project.labels.create({"name": "bug", "color": "#ff0000"})
        project.issues.create({"title": "Login fails", "labels": ["bug"]})
        project.issues.create({"title": "Dark mode"})
        done = project.issues.create({"title": "Old login page"})
        done.state_event = "close"
        done.save()
        titles = lambda **filters: sorted(i.title for i in project.issues.list(get_all=True, **filters))  # noqa: E731
        self.assertEqual(titles(labels=["bug"]), ["Login fails"])
        self.assertEqual(titles(state="opened"), ["Dark mode", "Login fails"])
        self.assertEqual(titles(state="closed"), ["Old login page"])
        self.assertEqual(titles(search="login"), ["Login fails", "Old login page"])
        self.assertEqual(titles(search="login", state="opened", labels="bug"), ["Login fails"])
        ordered = project.issues.list(order_by="created_at", sort="asc", get_all=True)
        self.assertEqual([i.title for i in ordered], ["Login fails", "Dark mode", "Old login page"])

    def test_group_and_instance_lists_filter_by_assignee_and_milestone(self):
        mine = self.project.issues.create(
            {"title": "Assigned work", "assignee_ids": [self.colleague.id], "milestone_id": self.milestone.id}
        )
        by_assignee = self.group.issues.list(assignee_username=self.colleague.username, get_all=True)
        self.assertIn(mine.id, [i.id for i in by_assignee])
        by_milestone = self.gl.issues.list(milestone="v1.0", scope="all", get_all=True)
        self.assertIn(mine.id, [i.id for i in by_milestone])
        self.assertTrue(all(i.milestone["title"] == "v1.0" for i in by_milestone))

    def test_pagination_with_the_clients_iterators(self):
        project = new_project(self.gl, new_group(self.gl))
        for n in range(7):
            project.issues.create({"title": f"Paged {n}"})
        pages = project.issues.list(iterator=True, per_page=2)
        self.assertEqual((pages.total, pages.total_pages, pages.per_page), (7, 4, 2))
        self.assertEqual(len(list(pages)), 7)
        self.assertEqual(len(project.issues.list(get_all=True, per_page=3)), 7)
        second = project.issues.list(page=2, per_page=3)
        self.assertEqual([i.title for i in second], ["Paged 3", "Paged 2", "Paged 1"])

    def test_a_bad_request_raises_the_clients_create_error_with_the_message(self):
        with self.assertRaises(gitlab.GitlabCreateError) as caught:
            self.project.issues.create({"title": ""})
        self.assertEqual(caught.exception.response_code, 400)
        self.assertIn("title", caught.exception.error_message)
        with self.assertRaises(gitlab.GitlabCreateError) as caught:
            self.project.issues.create({"title": "Heavy", "weight": -1})
        self.assertIn("weight", caught.exception.error_message)


class Authentication(unittest.TestCase):
    def test_a_wrong_token_raises_the_clients_authentication_error(self):
        gl = gitlab.Gitlab(os.environ["MERIDIAN_URL"], private_token="glpat-not-a-real-token-000")
        with self.assertRaises(gitlab.GitlabAuthenticationError) as caught:
            gl.auth()
        self.assertEqual(caught.exception.response_code, 401)


if __name__ == "__main__":
    unittest.main()
