import { useTranslate } from '@refinedev/core';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Card, List } from 'antd';
import { acceptInviteRoute, declineInviteRoute } from '#domain/api/gym-member.ts';
import type { GymMember } from '#domain/schemas/gym-member.ts';
import { api } from '#src/providers/instances.ts';
import { useModal } from '#src/shell/modal/use-modal.ts';

/**
 * The invitations a worker received (docs/rules.md#permissions): only they can accept one, which makes them staff
 * of that facility with its default permission set, or decline it.
 */
export function ReceivedInvitations({
  links,
  onAnswered,
}: {
  links: readonly GymMember[];
  onAnswered: () => Promise<unknown>;
}) {
  const translate = useTranslate();
  const { open } = useModal();
  const { message } = App.useApp();
  const answer = useMutation({
    mutationFn: ({ link, accept }: { link: GymMember; accept: boolean }) =>
      accept
        ? api.call(acceptInviteRoute, { params: { id: link.id } })
        : api.call(declineInviteRoute, { params: { id: link.id } }),
    meta: { silent: true },
  });
  const invitations = links.filter((link) => link.invited && link.status === 'WAIT');
  if (invitations.length === 0) return null;

  const ask = (link: GymMember, accept: boolean): void => {
    const name = link.gym.name;
    open({
      type: 'CONFIRM',
      title: translate(accept ? 'home.invites.accept' : 'home.invites.decline'),
      children: translate(accept ? 'home.invites.acceptQuestion' : 'home.invites.declineQuestion', { name }),
      confirmText: translate(accept ? 'home.invites.accept' : 'home.invites.decline'),
      handleConfirm: async () => {
        try {
          await answer.mutateAsync({ link, accept });
          void message.success(
            translate(accept ? 'home.invites.accepted' : 'home.invites.declined', { name }),
          );
        } catch {
          void message.error(translate('home.invites.failed'));
        } finally {
          await onAnswered();
        }
      },
    });
  };

  return (
    <Card size="small" className="fd-home-invites" title={translate('home.invites.title')}>
      <List
        dataSource={invitations}
        renderItem={(link) => (
          <List.Item
            actions={[
              <Button key="accept" type="primary" size="small" onClick={() => ask(link, true)}>
                {translate('home.invites.accept')}
              </Button>,
              <Button key="decline" size="small" onClick={() => ask(link, false)}>
                {translate('home.invites.decline')}
              </Button>,
            ]}
          >
            {translate('home.invites.body', { name: link.gym.name })}
          </List.Item>
        )}
      />
    </Card>
  );
}
