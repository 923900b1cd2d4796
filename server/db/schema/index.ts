export * from './file.ts';
export * from './gym.ts';
export * from './member.ts';
export * from './notification.ts';
export * from './session.ts';
