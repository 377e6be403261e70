-- Issue and epic links are undirected pairs for duplicate purposes: A→B and B→A must not both be
-- stored. A unique index over the unordered pair makes the database refuse the second of two
-- concurrent creates (the services answer 409). Reverse duplicates stored before are removed first,
-- keeping the older link.
DELETE FROM issue_links a USING issue_links b
  WHERE a.source_id = b.target_id AND a.target_id = b.source_id AND a.id > b.id;
CREATE UNIQUE INDEX issue_links_unordered_pair_idx
  ON issue_links (LEAST(source_id, target_id), GREATEST(source_id, target_id));

DELETE FROM epic_links a USING epic_links b
  WHERE a.source_id = b.target_id AND a.target_id = b.source_id AND a.id > b.id;
CREATE UNIQUE INDEX epic_links_unordered_pair_idx
  ON epic_links (LEAST(source_id, target_id), GREATEST(source_id, target_id));
