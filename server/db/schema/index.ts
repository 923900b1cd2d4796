export * from './member.ts';
export * from './session.ts';
