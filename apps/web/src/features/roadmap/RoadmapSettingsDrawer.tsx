import {
  defaultPresetFor,
  type EpicsState,
  type MilestonesType,
  type PresetType,
  type ProgressTracking,
  presetsFor,
  type TimeframeRangeType,
} from '@meridian/domain';
import { useState } from 'react';
import {
  Button as AriaButton,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Radio,
  RadioGroup,
  Select,
  SelectValue,
} from 'react-aria-components';
import { Drawer } from '../../ui/Drawer';
import radio from '../../ui/Radio.module.css';
import { ToggleSwitch } from '../../ui/Switch';
import styles from './RoadmapSettingsDrawer.module.css';
import type { RoadmapSettings } from './roadmapSettings';

const RANGE_TEXT: Record<TimeframeRangeType, string> = {
  CURRENT_QUARTER: 'This quarter',
  CURRENT_YEAR: 'This year',
  THREE_YEARS: 'Within 3 years',
};
const PRESET_TEXT: Record<PresetType, string> = { QUARTERS: 'Quarters', MONTHS: 'Months', WEEKS: 'Weeks' };
const MILESTONE_TEXT: Record<MilestonesType, string> = {
  ALL: 'All',
  GROUP: 'Group',
  SUBGROUP: 'Subgroup',
  PROJECT: 'Project',
};
const EPICS_TEXT: Record<EpicsState, string> = {
  all: 'Show all epics',
  opened: 'Show open epics',
  closed: 'Show closed epics',
};
const PROGRESS_TEXT: Record<ProgressTracking, string> = { WEIGHT: 'Use issue weight', COUNT: 'Use issue count' };

function Choices<T extends string>({
  label,
  value,
  options,
  onChange,
  isDisabled,
  hideLabel,
}: {
  label: string;
  value: T;
  options: [T, string][];
  onChange: (value: T) => void;
  isDisabled?: boolean;
  hideLabel?: boolean;
}) {
  return (
    <RadioGroup className={styles.radioGroup} value={value} onChange={(v) => onChange(v as T)} isDisabled={isDisabled}>
      <Label className={hideLabel ? 'visually-hidden' : styles.fieldLabel}>{label}</Label>
      {options.map(([key, text]) => (
        <Radio key={key} value={key} className={radio.radio}>
          <span className={radio.dot} aria-hidden="true" />
          {text}
        </Radio>
      ))}
    </RadioGroup>
  );
}

/** A drawer section whose switch turns a feature on, with the feature's mode below (disabled while off). */
function ToggledChoicesSection<T extends string>({
  title,
  toggleLabel,
  isSelected,
  onToggle,
  label,
  value,
  texts,
  onChange,
}: {
  title: string;
  toggleLabel: string;
  isSelected: boolean;
  onToggle: (isSelected: boolean) => void;
  label: string;
  value: T;
  texts: Record<T, string>;
  onChange: (value: T) => void;
}) {
  return (
    <section className={styles.drawerSection}>
      <h3 className={styles.sectionTitle}>{title}</h3>
      <ToggleSwitch label={toggleLabel} isSelected={isSelected} onChange={onToggle} />
      <Choices
        label={label}
        hideLabel
        value={value}
        isDisabled={!isSelected}
        options={(Object.keys(texts) as T[]).map((key) => [key, texts[key]])}
        onChange={onChange}
      />
    </section>
  );
}

/**
 * The 'Roadmap settings' drawer (RF §2): date range and preset, milestones, epics state, progress
 * tracking and labels. Every change is reported at once; the date range applies when its dropdown
 * closes and only if it changed, resetting the preset (RF §4).
 */
export function RoadmapSettingsDrawer({
  isOpen,
  onOpenChange,
  settings,
  onChange,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  settings: RoadmapSettings;
  onChange: (changes: Partial<RoadmapSettings>) => void;
}) {
  const [pendingRange, setPendingRange] = useState<TimeframeRangeType | null>(null);
  const shownRange = pendingRange ?? settings.rangeType;
  const presets = presetsFor(settings.rangeType);
  return (
    <Drawer isOpen={isOpen} onOpenChange={onOpenChange} title="Roadmap settings" layer="page">
      <div className={styles.drawerBody}>
        <section className={styles.drawerSection}>
          <Select
            className={styles.rangeSelect}
            selectedKey={shownRange}
            onSelectionChange={(key) => setPendingRange(key as TimeframeRangeType)}
            onOpenChange={(open) => {
              if (open) return;
              const next = pendingRange;
              setPendingRange(null);
              if (next && next !== settings.rangeType) onChange({ rangeType: next, preset: defaultPresetFor(next) });
            }}
          >
            <Label className={styles.sectionTitle}>Date range</Label>
            <AriaButton className={styles.selectTrigger}>
              <SelectValue />
              <span aria-hidden="true">▾</span>
            </AriaButton>
            <Popover className={styles.selectPopover} placement="bottom start">
              <ListBox className={styles.selectList}>
                {(Object.keys(RANGE_TEXT) as TimeframeRangeType[]).map((range) => (
                  <ListBoxItem key={range} id={range} className={styles.selectOption}>
                    {RANGE_TEXT[range]}
                  </ListBoxItem>
                ))}
              </ListBox>
            </Popover>
          </Select>
          {presets.length > 1 && (
            <Choices
              label="Timeline view"
              hideLabel
              value={settings.preset}
              options={presets.map((p) => [p, PRESET_TEXT[p]])}
              onChange={(preset) => onChange({ preset })}
            />
          )}
        </section>
        <ToggledChoicesSection
          title="Milestones"
          toggleLabel="Show milestones"
          isSelected={settings.showMilestones}
          onToggle={(showMilestones) => onChange({ showMilestones })}
          label="Milestone type"
          value={settings.milestonesType}
          texts={MILESTONE_TEXT}
          onChange={(milestonesType) => onChange({ milestonesType })}
        />
        <section className={styles.drawerSection}>
          <Choices
            label="Epics"
            value={settings.epicsState}
            options={(Object.keys(EPICS_TEXT) as EpicsState[]).map((s) => [s, EPICS_TEXT[s]])}
            onChange={(epicsState) => onChange({ epicsState })}
          />
        </section>
        <ToggledChoicesSection
          title="Progress tracking"
          toggleLabel="Display progress of child issues"
          isSelected={settings.showProgress}
          onToggle={(showProgress) => onChange({ showProgress })}
          label="Progress tracking mode"
          value={settings.progressTracking}
          texts={PROGRESS_TEXT}
          onChange={(progressTracking) => onChange({ progressTracking })}
        />
        <section className={styles.drawerSection}>
          <h3 className={styles.sectionTitle}>Labels</h3>
          <ToggleSwitch
            label="Show labels"
            isSelected={settings.showLabels}
            onChange={(showLabels) => onChange({ showLabels })}
          />
        </section>
      </div>
    </Drawer>
  );
}
