import { Icon } from './Icon';
import styles from './IssuableRow.module.css';

/** The right-hand counters of a list row, as GitLab shows them: comments always, votes when any, weight when set. */
export function IssuableStats({
  comments,
  upvotes,
  downvotes,
  weight,
}: {
  comments?: number;
  upvotes?: number;
  downvotes?: number;
  weight?: number | null;
}) {
  return (
    <span className={styles.stats}>
      {weight !== undefined && weight !== null && (
        <span className={styles.stat} title="Weight">
          <Icon name="weight" />
          <span className="visually-hidden">Weight</span> {weight}
        </span>
      )}
      {!!upvotes && (
        <span className={styles.stat} title="Upvotes">
          <Icon name="thumb-up" />
          <span className="visually-hidden">Upvotes</span> {upvotes}
        </span>
      )}
      {!!downvotes && (
        <span className={styles.stat} title="Downvotes">
          <Icon name="thumb-down" />
          <span className="visually-hidden">Downvotes</span> {downvotes}
        </span>
      )}
      {comments !== undefined && (
        <span className={`${styles.stat} ${comments === 0 ? styles.zero : ''}`} title="Comments">
          <Icon name="comment" />
          <span className="visually-hidden">Comments</span> {comments}
        </span>
      )}
    </span>
  );
}
