import unittest

import gitlab

from support import GroupProjectCase, client, new_group, new_project


class NotesAwardsAndLinks(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.gl = client()
        cls.project = new_project(cls.gl, new_group(cls.gl))
        cls.issue = cls.project.issues.create({"title": "Slow search"})
        cls.other = cls.project.issues.create({"title": "Index the titles"})

    def test_notes_are_created_listed_edited_and_deleted(self):
        note = self.issue.notes.create({"body": "Seen on **staging** too"})
        self.assertEqual(note.author["username"], self.gl.user.username)
        note.body = "Seen on staging and production"
        note.save()
        bodies = [n.body for n in self.issue.notes.list(get_all=True) if not n.system]
        self.assertIn("Seen on staging and production", bodies)
        note.delete()
        with self.assertRaises(gitlab.GitlabGetError):
            self.issue.notes.get(note.id)

    def test_award_emoji_on_an_issue_and_on_a_note(self):
        award = self.issue.awardemojis.create({"name": "thumbsup"})
        self.assertEqual([a.name for a in self.issue.awardemojis.list(get_all=True)], ["thumbsup"])
        note = self.issue.notes.create({"body": "+1 from me"})
        note.awardemojis.create({"name": "tada"})
        self.assertEqual([a.name for a in note.awardemojis.list(get_all=True)], ["tada"])
        award.delete()
        self.assertEqual(self.issue.awardemojis.list(get_all=True), [])
        with self.assertRaises(gitlab.GitlabCreateError):
            note.awardemojis.create({"name": "not an emoji!"})

    def test_issue_links_are_created_listed_and_removed(self):
        source, target = self.issue.links.create(
            {"target_project_id": self.project.id, "target_issue_iid": self.other.iid, "link_type": "blocks"}
        )
        self.assertEqual((source.iid, target.iid), (self.issue.iid, self.other.iid))
        links = self.issue.links.list(get_all=True)
        self.assertEqual([(link.iid, link.link_type) for link in links], [(self.other.iid, "blocks")])
        reverse = self.other.links.list(get_all=True)
        self.assertEqual([(link.iid, link.link_type) for link in reverse], [(self.issue.iid, "is_blocked_by")])
        self.issue.links.delete(links[0].issue_link_id)
        self.assertEqual(self.issue.links.list(get_all=True), [])


class EpicsAndEpicIssues(GroupProjectCase):
    def test_epics_are_created_filtered_and_updated(self):
        group = new_group(self.gl)
        group.labels.create({"name": "priority::high", "color": "#d9534f"})
        epic = group.epics.create(
            {"title": "Stability", "labels": "priority::high", "start_date_fixed": "2030-01-01",
             "start_date_is_fixed": True, "due_date_fixed": "2030-03-31", "due_date_is_fixed": True}
        )
        group.epics.create({"title": "Polish"})
        self.assertEqual((epic.start_date, epic.due_date), ("2030-01-01", "2030-03-31"))
        labelled = group.epics.list(labels="priority::high", get_all=True)
        self.assertEqual([e.title for e in labelled], ["Stability"])
        self.assertEqual([e.title for e in group.epics.list(search="polish", get_all=True)], ["Polish"])
        epic.title = "Stability first"
        epic.state_event = "close"
        epic.save()
        fetched = group.epics.get(epic.iid)
        self.assertEqual((fetched.title, fetched.state), ("Stability first", "closed"))

    def test_issues_are_added_to_an_epic_listed_and_removed(self):
        epic = self.group.epics.create({"title": "Search revamp"})
        issue = self.project.issues.create({"title": "Faster search"})
        epic_issue = epic.issues.create({"issue_id": issue.id})
        self.assertEqual([i.title for i in epic.issues.list(get_all=True)], ["Faster search"])
        self.assertEqual(self.project.issues.get(issue.iid).epic["iid"], epic.iid)
        epic_issue.delete()
        self.assertEqual(epic.issues.list(get_all=True), [])

    def test_a_child_epic_names_its_parent(self):
        parent = self.group.epics.create({"title": "Program"})
        child = self.group.epics.create({"title": "Workstream", "parent_id": parent.id})
        self.assertEqual(self.group.epics.get(child.iid).parent_iid, parent.iid)

    def test_an_unknown_epic_raises_the_clients_get_error(self):
        with self.assertRaises(gitlab.GitlabGetError) as caught:
            self.group.epics.get(99999)
        self.assertEqual(caught.exception.response_code, 404)


if __name__ == "__main__":
    unittest.main()
