import type { ReactNode } from 'react';
import { PlainLayout } from '../../app/ContextLayout';
import { ErrorState } from '../../app/ErrorState';
import layout from '../../app/Layout.module.css';
import { SignInRequired } from '../../app/SignInPrompt';
import { AppLink } from '../../lib/AppLink';
import { timeAgo } from '../../lib/format';
import { appPathFromWebUrl } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { useLocationInfo } from '../../lib/useLocationSearch';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { PageLinks } from '../../ui/Pagination';
import { PageSpinner } from '../../ui/Spinner';
import { Tabs } from '../../ui/Tabs';
import { type Todo, type TodoState, useTodoMutation, useTodos } from './queries';
import styles from './TodoListPage.module.css';
import { todoActionText, todoTargetText } from './todoText';

/** `/dashboard/todos` (`?state=done`, `?page=`): the signed-in user's to-do items, as GitLab's To-Do List. */
export function TodoListPage() {
  const { user, isLoading } = useSession();
  const { params } = useLocationInfo();
  const state: TodoState = params.get('state') === 'done' ? 'done' : 'pending';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const todos = useTodos(state, page);
  const mutation = useTodoMutation();

  let content: ReactNode;
  if (!isLoading && !user) {
    content = <SignInRequired title="Sign in to see your To-Do List" />;
  } else if (isLoading || todos.isPending) content = <PageSpinner label="Loading to-do items" />;
  else if (todos.isError)
    content = <ErrorState error={todos.error} onRetry={() => void todos.refetch()} what="to-do items" />;
  else if (todos.data.items.length === 0) {
    content =
      state === 'pending' ? (
        <EmptyState
          title="Good job! Looks like you don't have anything left on your To-Do List"
          description="When someone mentions you, assigns you or you add a to-do item, it shows here."
        />
      ) : (
        <EmptyState title="There are no done to-do items yet." />
      );
  } else {
    content = (
      <>
        <ol className={styles.list} aria-label={state === 'pending' ? 'To Do' : 'Done'}>
          {todos.data.items.map((todo) => (
            <TodoItem
              key={todo.id}
              todo={todo}
              onToggle={() => mutation.mutate({ id: todo.id, to: todo.state === 'pending' ? 'done' : 'pending' })}
              busy={mutation.isPending}
            />
          ))}
        </ol>
        <PageLinks of={todos.data} />
      </>
    );
  }

  return (
    <PlainLayout title="To-Do List">
      <header className={layout.pageHeader}>
        <h1>To-Do List</h1>
      </header>
      <div className={styles.toolbar}>
        <Tabs
          label="To-do states"
          active={state}
          items={[
            { id: 'pending', label: 'To Do', href: '/dashboard/todos' },
            { id: 'done', label: 'Done', href: '/dashboard/todos?state=done' },
          ]}
        />
        {state === 'pending' && (todos.data?.items.length ?? 0) > 0 && (
          <Button size="small" onPress={() => mutation.mutate('all')} isDisabled={mutation.isPending}>
            Mark all as done
          </Button>
        )}
      </div>
      {content}
    </PlainLayout>
  );
}

function TodoItem({ todo, onToggle, busy }: { todo: Todo; onToggle: () => void; busy: boolean }) {
  const href = appPathFromWebUrl(todo.target_url) ?? todo.target_url;
  return (
    <li className={styles.item}>
      {todo.author && <Avatar name={todo.author.name} src={todo.author.avatar_url} seed={todo.author.id} size={32} />}
      <div className={styles.main}>
        <p className={styles.line}>
          <strong>{todo.action_name === 'marked' ? 'You' : (todo.author?.name ?? 'Someone')}</strong>{' '}
          {todoActionText(todo)} on {todoTargetText(todo)}{' '}
          <AppLink href={href} className={styles.title}>
            {todo.target.title}
          </AppLink>
        </p>
        {todo.body && <p className={styles.body}>{todo.body}</p>}
        <time className={styles.meta} dateTime={todo.created_at} title={todo.created_at}>
          {timeAgo(todo.created_at)}
        </time>
      </div>
      <Button size="small" onPress={onToggle} isDisabled={busy}>
        {todo.state === 'pending' ? 'Mark as done' : 'Undo'}
      </Button>
    </li>
  );
}
