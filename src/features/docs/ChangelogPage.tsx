// Not written yet: the shared placeholder says so on screen.
export { default } from '../../shared/ui/PlaceholderPage';
