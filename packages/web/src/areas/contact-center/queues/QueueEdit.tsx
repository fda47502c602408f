import { Button, Group, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { QUEUE_TYPES, queues } from '@switchboard/model';
import { type ComponentType, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { BackToList } from '../../../kit/edit/BackToList';
import type { EditTab, FormValues } from '../../../kit/edit/form';
import { NEW } from '../../../kit/edit/newId';
import { ResourceEdit } from '../../../kit/edit/ResourceEdit';
import { FieldView } from '../../../kit/fields/FieldView';
import type { FieldProps } from '../../../kit/fields/kinds';
import { queueMembersTabs } from './members-tab';
import { queueSubListTabs } from './sub-list-tabs';

/** The type of a queue, shown and never changed here: it is chosen before a new queue's form opens. */
function TypeView(props: FieldProps) {
  return <FieldView {...props} form={{ ...props.form, readOnly: true }} />;
}

/** "Max tasks": a dialer with 0 will not call, which the form says beside the field (spec part 2 section 5). */
function MaxCallsView(props: FieldProps) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <FieldView {...props} />
      {props.value === 0 && (
        <Text size="xs" c="orange.8" role="status" data-testid="max-calls-zero">
          {t('queues.maxCallsZero')}
        </Text>
      )}
    </Stack>
  );
}

/** The processing form: a flow of type processing, as the queue's `formSchema` reference declares. */
const processingDef = { ...queues, refs: { ...queues.refs, 'taskProcessing.formSchema': queues.refs!.formSchema } };
function ProcessingFormView(props: FieldProps) {
  return <FieldView {...props} def={processingDef} />;
}

const FIELD_VIEWS: Readonly<Record<string, ComponentType<FieldProps>>> = {
  type: TypeView,
  'payload.maxCalls': MaxCallsView,
  'taskProcessing.formSchema': ProcessingFormView,
};

/** A new queue starts with its type: one of the nine, each with what it is for. */
function TypeChooser() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Paper withBorder p="md">
      <Group gap="xs" mb="sm">
        <BackToList />
        <Title order={3}>{t('queues.new')}</Title>
      </Group>
      <Text size="sm" mb="sm">
        {t('queues.chooseType')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm" maw={960}>
        {QUEUE_TYPES.map((type) => (
          <UnstyledButton
            key={type.key}
            component={Link}
            to={`?type=${type.key}`}
            state={location.state}
            data-testid={`queue-type-${type.key}`}
          >
            <Paper withBorder p="sm" h="100%">
              <Text fw={600} size="sm">
                {t(`queues.variants.${type.key}`)}
              </Text>
              <Text size="xs" c="dimmed">
                {t(`queues.typeHints.${type.key}`)}
              </Text>
            </Paper>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

/**
 * `/contact-center/queues/new` and `/{id}`: a new queue's type is chosen first (`?type=`), then
 * the form of that type: General, Params, Variables, and as the type has them Processing and
 * AMD, then the queue's sub-lists and members, and Permissions once saved. The definition's
 * variants say which fields each type shows, its defaults and what it requires.
 */
export function QueueEdit() {
  const { t } = useTranslation();
  const { id } = useParams();
  const [search] = useSearchParams();
  const isNew = id === NEW;
  const chosen = QUEUE_TYPES.find((type) => type.key === search.get('type'));
  // Each type's sub-list and member tabs, shown while the form holds a queue of that type.
  const extraTabs = useMemo<EditTab<FormValues>[]>(
    () =>
      QUEUE_TYPES.flatMap(({ code }) =>
        [...queueSubListTabs(t, code), ...queueMembersTabs(t, code)].map((tab) => ({
          ...tab,
          shownWhen: (values: FormValues) => values.type === code && (tab.shownWhen?.(values) ?? true),
        })),
      ),
    [t],
  );
  if (isNew && !chosen) return <TypeChooser />;
  return (
    <Stack gap="xs">
      {isNew && chosen && (
        <Group>
          <Button component={Link} to="?" variant="subtle" size="xs" state={undefined}>
            {t('queues.otherType')}
          </Button>
        </Group>
      )}
      <ResourceEdit
        key={chosen?.key ?? 'saved'}
        def={queues}
        variant={chosen?.key}
        newTitle={chosen ? `queues.newOf.${chosen.key}` : undefined}
        fieldViews={FIELD_VIEWS}
        extraTabs={extraTabs}
      />
    </Stack>
  );
}
