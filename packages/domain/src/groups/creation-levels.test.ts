import { describe } from 'vitest';
import { expectCases } from '../test/cases';
import {
  isProjectCreationLevel,
  isSubgroupCreationLevel,
  mayCreateProject,
  mayCreateSubgroup,
  type ProjectCreationLevel,
  type SubgroupCreationLevel,
} from './creation-levels';

const GUEST = 10;
const REPORTER = 20;
const DEVELOPER = 30;
const MAINTAINER = 40;
const OWNER = 50;
const member = (accessLevel: number) => ({ accessLevel, admin: false });
const admin = { accessLevel: 0, admin: true };

describe('mayCreateProject', () => {
  expectCases<[ProjectCreationLevel, { accessLevel: number; admin: boolean }], boolean>(
    ([level, who]) => mayCreateProject(level, who),
    [
      // developer (the default): Developers and up.
      [['developer', member(REPORTER)], false],
      [['developer', member(DEVELOPER)], true],
      [['developer', member(MAINTAINER)], true],
      [['developer', member(OWNER)], true],
      [['developer', admin], true],
      // maintainer: Maintainers and Owners.
      [['maintainer', member(DEVELOPER)], false],
      [['maintainer', member(MAINTAINER)], true],
      [['maintainer', member(OWNER)], true],
      // owner: Owners only.
      [['owner', member(MAINTAINER)], false],
      [['owner', member(OWNER)], true],
      [['owner', admin], true],
      // administrator: administrators only, not even Owners.
      [['administrator', member(OWNER)], false],
      [['administrator', admin], true],
      // noone: nobody, administrators included (GitLab's prevent rule).
      [['noone', member(OWNER)], false],
      [['noone', admin], false],
      // No membership at all.
      [['developer', member(0)], false],
      [['developer', member(GUEST)], false],
    ],
  );
});

describe('mayCreateSubgroup', () => {
  expectCases<[SubgroupCreationLevel, { accessLevel: number; admin: boolean }], boolean>(
    ([level, who]) => mayCreateSubgroup(level, who),
    [
      [['maintainer', member(DEVELOPER)], false],
      [['maintainer', member(MAINTAINER)], true],
      [['maintainer', member(OWNER)], true],
      [['owner', member(MAINTAINER)], false],
      [['owner', member(OWNER)], true],
      [['owner', admin], true],
      [['maintainer', admin], true],
    ],
  );
});

describe('isProjectCreationLevel / isSubgroupCreationLevel', () => {
  expectCases(isProjectCreationLevel, [
    ['noone', true],
    ['administrator', true],
    ['developer', true],
    ['reporter', false],
    ['', false],
    [2, false],
  ]);
  expectCases(isSubgroupCreationLevel, [
    ['owner', true],
    ['maintainer', true],
    ['developer', false],
    [null, false],
  ]);
});
