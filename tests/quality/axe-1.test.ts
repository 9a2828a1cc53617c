// axe on part 1 of 2 of the public routes (see axe-check.ts).
import { describeAxeCheck } from './axe-check';

describeAxeCheck(1, 2);
