import { defineProject } from 'vitest/config';
import { webProject } from './vitest.shared';

export default defineProject(webProject('web'));
